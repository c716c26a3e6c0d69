import { Link } from '@remix-run/react';
import type { ContactsData } from '~/lib/root-data';

const copy = {
  label: 'Контакты',
  vk: 'ВКонтакте',
  telegram: 'Telegram',
  site: 'Официальный сайт',
  check: 'Проверить сертификат',
};

/** `tel:` wants digits and a leading plus only; the configured phone is written for people. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * Contacts from configuration (docs/product.md §3 contact constants). The public pages add the way to the check of
 * a printed certificate: someone holding the paper without a QR scanner finds it at every page's foot.
 */
export function SiteFooter({
  contacts,
  certificateCheck = false,
}: {
  contacts: ContactsData;
  certificateCheck?: boolean;
}) {
  return (
    <footer className="site-footer">
      <div className="container">
        {certificateCheck ? (
          <p className="site-footer__check">
            <Link to="/certificates">{copy.check}</Link>
          </p>
        ) : null}
        <ul className="site-footer__contacts" aria-label={copy.label}>
          <li>
            <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
          </li>
          <li>
            <a href={telHref(contacts.phone)}>{contacts.phone}</a>
          </li>
          <li>
            <a href={contacts.vk}>{copy.vk}</a>
          </li>
          <li>
            <a href={contacts.telegram}>{copy.telegram}</a>
          </li>
          <li>
            <a href={contacts.site}>{copy.site}</a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
