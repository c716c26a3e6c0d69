import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { handleForm } from '#bff/request/forms.server';
import { requireUser } from '#bff/request/require-user.server';
import { unsentForm } from '#bff/request/unsent-form.server';
import type { SupportRequest } from '#contract';
import { deferredForm } from '~/components/form/deferred-form';
import { formReply } from '~/components/form/form-reply';
import { FormNotice } from '~/components/form/form-alert';
import { isSavedSearch, SAVED_NOTICE, savedLocation } from '~/components/form/use-saved-state';
import { NewMark } from '~/components/new-mark';
import { ScreenIntro } from '~/components/screen-intro';
import { RequestList } from '~/components/ui/request-list';
import type { Tone } from '~/components/ui/status-badge';
import { telHref } from '~/components/site-footer';
import { formatMoscowDateTime } from '#shared/moscow-time';
import { markShownAsSeen } from '~/server/read-receipt.server';
import { screenMeta } from '~/lib/meta';
import { useRootData } from '~/lib/root-data';
import { supportSchema } from '~/forms/support.schema';
import { supportReplySchema } from '~/forms/support-reply.schema';
import { Facts } from '~/components/ui/facts';

/** The form hydrates once its own chunk has loaded. */
const SupportForm = deferredForm(() => import('~/forms/support').then((m) => m.SupportForm));

const SupportReplyForm = deferredForm(() => import('~/forms/support-reply').then((m) => m.SupportReplyForm));

const copy = {
  title: 'Поддержка',
  restored: 'Текст обращения, отправленного до входа, возвращён в форму: проверьте его и отправьте.',
  lead: 'Что-то не работает или непонятно? Напишите нам здесь или свяжитесь любым удобным способом.',
  contactsTitle: 'Контакты',
  email: 'Электронная почта',
  phone: 'Телефон',
  vk: 'ВКонтакте',
  telegram: 'Telegram',
  vkLink: 'Сообщество ВКонтакте',
  telegramLink: 'Канал в Telegram',
  formTitle: 'Написать в поддержку',
  sent: 'Обращение отправлено. Мы ответим на этой странице и продублируем ответ на почту.',
  listTitle: 'Мои обращения',
  none: 'Вы ещё не обращались в поддержку.',
  number: (id: number) => `Обращение № ${id}`,
  created: (at: string) => `от ${formatMoscowDateTime(at)}`,
  reply: 'Ответ поддержки',
  yours: 'Ваш ответ',
  tooMany: (limit: number) =>
    `Нерешённых обращений у вас уже ${limit}. Новое обращение можно будет отправить, когда одно из них будет решено.`,
  statuses: { new: 'Новое', in_work: 'В работе', resolved: 'Решено' } satisfies Record<
    SupportRequest['status'],
    string
  >,
};

const TONES = { new: 'neutral', in_work: 'info', resolved: 'success' } satisfies Record<SupportRequest['status'], Tone>;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const [{ topics, requests, canSend, openLimit }, profile] = await Promise.all([
    context.rest.support.list(),
    context.rest.profile.get(),
  ]);
  await markShownAsSeen(request, context, 'support', requests);
  // A request sent after the session ended comes back into the form once its sender has signed in again.
  const kept = await unsentForm(context).take('/lk/support');
  const restored = kept && (kept.intent ?? 'send') === 'send' ? { topic: kept.topic, message: kept.message } : null;
  return {
    restored,
    topics: topics.map((topic) => ({ value: topic.slug, label: topic.title })),
    requests,
    canSend,
    openLimit,
    email: profile.email,
    sent: isSavedSearch(new URL(request.url).searchParams),
  };
}

/** Two forms post here: a new request (`intent=send`, the one when none is named) and an answer back (`intent=reply`). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm(request, context, {
    guard: 'signed-in',
    keepUnsent: true,
    schema: { send: supportSchema, reply: supportReplySchema },
    defaultIntent: 'send',
    submit: async (value) => {
      if (value.intent === 'reply') {
        await context.rest.support.answer({ id: value.requestId, message: value.message });
        return redirect(`${new URL(request.url).pathname}#request-${value.requestId}`, 303);
      }
      await context.rest.support.send({ topic: value.topic, message: value.message });
      return redirect(savedLocation(request), 303);
    },
  });
}

/** `/lk/support`: the contacts from configuration, a request form and the user's requests. */
export default function SupportScreen() {
  const { topics, requests, canSend, openLimit, email, sent, restored } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const rejected = formReply(actionData, { intents: ['send'] });
  return (
    <>
      <ScreenIntro title={copy.title} lead={copy.lead} />
      <Contacts />
      {sent && !rejected ? <FormNotice id={SAVED_NOTICE}>{copy.sent}</FormNotice> : null}
      {restored ? <FormNotice>{copy.restored}</FormNotice> : null}
      <section aria-labelledby="support-form-title" className="request-form">
        <h2 id="support-form-title">{copy.formTitle}</h2>
        {/* A refused send keeps its form, with the reason and what was typed. */}
        {canSend || rejected ? (
          // A new form once a request is added: what was sent is not left in the fields.
          <SupportForm
            key={requests.length}
            topics={topics}
            email={email}
            lastResult={rejected}
            defaultValue={restored}
          />
        ) : (
          <p>{copy.tooMany(openLimit)}</p>
        )}
      </section>
      <section aria-labelledby="requests-title">
        <h2 id="requests-title">{copy.listTitle}</h2>
        <RequestList
          anchor="request"
          empty={copy.none}
          items={requests.map((request) => ({
            id: request.id,
            title: `${copy.number(request.id)} ${copy.created(request.createdAt)}`,
            status: { label: copy.statuses[request.status], tone: TONES[request.status] },
            about: request.topic.title,
            text: request.message,
            mark: request.unseen ? <NewMark answered={request.reply !== null} /> : undefined,
            // The replies and the user's answers back, oldest first, then the form to answer.
            notes:
              request.thread.length > 0 ? (
                <>
                  {request.thread.map((message, n) => (
                    <div key={n} className="request__reply" data-from={message.from}>
                      <h4>{message.from === 'support' ? copy.reply : copy.yours}</h4>
                      <p>{message.text}</p>
                      <p className="request__meta">{formatMoscowDateTime(message.at)}</p>
                    </div>
                  ))}
                  <SupportReplyForm
                    key={request.thread.length}
                    requestId={request.id}
                    resolved={request.status === 'resolved'}
                    lastResult={formReply(actionData, { intents: ['reply'], field: ['requestId', request.id] })}
                  />
                </>
              ) : undefined,
          }))}
        />
      </section>
    </>
  );
}

function Contacts() {
  const { contacts } = useRootData().product;
  return (
    <section aria-labelledby="contacts-title">
      <h2 id="contacts-title">{copy.contactsTitle}</h2>
      <Facts
        items={[
          [
            copy.email,
            <a key="email" href={`mailto:${contacts.email}`}>
              {contacts.email}
            </a>,
          ],
          [
            copy.phone,
            <a key="phone" href={telHref(contacts.phone)}>
              {contacts.phone}
            </a>,
          ],
          [
            copy.vk,
            <a key="vk" href={contacts.vk} rel="noopener noreferrer" target="_blank">
              {copy.vkLink}
            </a>,
          ],
          [
            copy.telegram,
            <a key="telegram" href={contacts.telegram} rel="noopener noreferrer" target="_blank">
              {copy.telegramLink}
            </a>,
          ],
        ]}
      />
    </section>
  );
}
