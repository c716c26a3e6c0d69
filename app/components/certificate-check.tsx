import type { HeadersFunction } from '@remix-run/node';
import { Form } from '@remix-run/react';
import { Facts } from '~/components/ui/facts';
import { formatDate } from '#shared/moscow-time';

/**
 * The public check of a certificate: the verdict on a genuine one, the page of one not found, and
 * the form that looks one up by its printed number and the holder's surname — a GET to `/certificates`, so it
 * works with JavaScript on or off.
 */

export const checkCopy = {
  title: 'Проверка сертификата',
  genuine: 'Сертификат подлинный',
  lead: 'Сертификат выдан порталом. Сверьте данные с бумажным или PDF-экземпляром.',
  number: 'Номер',
  holder: 'Выдан',
  event: 'Мероприятие',
  issued: 'Дата выдачи',
  privacy: 'Фамилия показана только первой буквой: полные данные участника знает только он сам и организаторы.',
  notFound: 'Сертификат не найден',
  notFoundByCode:
    'По этому адресу сертификата нет. Проверьте, что адрес введён полностью, или найдите сертификат по номеру.',
  notFoundByNumber:
    'Сертификата с таким номером и фамилией нет. Проверьте, что номер и фамилия введены так, как они напечатаны в сертификате.',
  formTitle: 'Проверить по номеру',
  formLead:
    'Номер и фамилия напечатаны в сертификате. Проще всего — отсканировать QR-код на сертификате: он открывает проверку сразу.',
  numberLabel: 'Номер сертификата',
  numberHint: 'Например, ОУ-0417 или Д-2026-000002.',
  lastNameLabel: 'Фамилия участника',
  lastNameHint: 'Как в сертификате.',
  submit: 'Проверить',
};

/** «Иван П.»: enough to match the paper, too little to find the person. */
/**
 * The headers of both checks (by code, by number): the 429's wait, no cache anywhere (what a check says must be
 * what the upstream says now), no index (a holder's name, however masked, is not for search engines).
 */
export const checkHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });
  const retryAfter = loaderHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
};

export const maskedName = (holder: { firstName: string; lastInitial: string }) =>
  holder.lastInitial ? `${holder.firstName} ${holder.lastInitial}.` : holder.firstName;

export interface CheckedCertificate {
  number: string;
  holder: string;
  event: string;
  issuedOn: string;
}

export function CertificateVerdict({ certificate }: { certificate: CheckedCertificate }) {
  return (
    <>
      {/* The sign of success: a tick in a green circle beside the words, drawn, so no font can lose it. */}
      <p className="verdict" data-tone="success">
        <svg className="verdict__sign" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="11" />
          <path d="M6.5 12.5l3.5 3.5 7.5-8" />
        </svg>
        <strong>{checkCopy.genuine}</strong>
      </p>
      <Facts
        items={[
          [checkCopy.number, certificate.number],
          [checkCopy.holder, certificate.holder],
          [checkCopy.event, certificate.event],
          [checkCopy.issued, formatDate(certificate.issuedOn)],
        ]}
      />
      <p>
        <small>{checkCopy.privacy}</small>
      </p>
    </>
  );
}

export interface NumberLookup {
  values: { number: string; lastName: string };
  errors: { number?: string; lastName?: string };
}

function LookupField(props: {
  name: 'number' | 'lastName';
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  autoComplete?: string;
}) {
  const id = `certificate-${props.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type="text"
        defaultValue={props.value}
        required
        aria-required
        maxLength={props.name === 'number' ? 40 : 100}
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
      />
      <p id={`${id}-hint`} className="field-hint">
        {props.hint}
      </p>
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {props.error}
      </p>
    </div>
  );
}

/** The look-up by number: errors next to their fields, what was typed kept. */
export function CertificateNumberForm({ lookup }: { lookup: NumberLookup }) {
  return (
    <section aria-labelledby="certificate-lookup">
      <h2 id="certificate-lookup">{checkCopy.formTitle}</h2>
      <p>{checkCopy.formLead}</p>
      {/* Plain GET: the browser validates nothing (the server's messages are the ones shown), no JS needed. */}
      <Form method="get" action="/certificates" noValidate>
        <LookupField
          name="number"
          label={checkCopy.numberLabel}
          hint={checkCopy.numberHint}
          value={lookup.values.number}
          error={lookup.errors.number}
          autoComplete="off"
        />
        <LookupField
          name="lastName"
          label={checkCopy.lastNameLabel}
          hint={checkCopy.lastNameHint}
          value={lookup.values.lastName}
          error={lookup.errors.lastName}
          autoComplete="off"
        />
        <button type="submit" className="button">
          {checkCopy.submit}
        </button>
      </Form>
    </section>
  );
}
