const copy = { add: 'Добавить в календарь' };

/**
 * «Добавить в календарь»: the event's `.ics` file from its signed-in resource route. A plain link, so
 * the browser downloads it with JavaScript on or off; the event's title completes the name for screen readers.
 */
export function CalendarLink({ href, title }: { href: string; title: string }) {
  return (
    <a className="calendar-link" href={href} download>
      {copy.add}
      <span className="visually-hidden">: {title}</span>
    </a>
  );
}
