import { Link } from '@remix-run/react';

/**
 * Tabs of links (a segmented filter): plain links, so they work without JavaScript and keep the state in the
 * URL; the current one carries `aria-current` (its kind: a page, a date, a step).
 */
export function SegmentedNav({
  label,
  items,
}: {
  label: string;
  items: Array<{ to: string; label: string; current?: 'page' | 'date' | 'step' }>;
}) {
  return (
    <nav aria-label={label} className="segmented">
      <ul className="segmented__list">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="segmented__item" aria-current={item.current}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
