import { afterEach, describe, expect, it } from 'vitest';
import { Client, DEMO_USERS, pageText } from './harness';
import { dictationSteps } from './dictation-steps';
import { useServers } from './servers';

/** The dictation read aloud (ADR 241): streamed through the portal with Range, and nothing of the text on the page. */

const servers = useServers();

afterEach(() => servers.upstream.clearFaults());

const { invite: inviteOne, signedIn, begin } = dictationSteps(servers);
const invite = async () => (await inviteOne()).code;

/** Words of today's text (event 3, «Скворцы»), none of them in the event's title or description. */
const TEXT_WORDS = ['скворечник', 'травинки', 'долгожданная', 'неутомимый'];

describe('/dictation/{code}/reading', () => {
  it('plays the reading to the participant with Range, and the page has the player but not the text', async () => {
    const code = await invite();
    const participant = await signedIn(DEMO_USERS.participant);
    await begin(participant, code);

    const page = await participant.request(`/dictation/${code}`);
    const html = await page.text();
    expect(html).toMatch(new RegExp(`<audio[^>]* src="/dictation/${code}/reading"`));
    expect(html).toMatch(/<audio[^>]* controls=""/);
    expect(html).toMatch(/<audio[^>]* preload="none"/);
    expect(pageText(html)).toContain('Если вы не можете прослушать запись, напишите в поддержку');
    for (const word of TEXT_WORDS) expect(html.toLowerCase()).not.toContain(word);

    const part = await participant.request(`/dictation/${code}/reading`, { headers: { Range: 'bytes=0-1023' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Type')).toBe('audio/ogg');
    expect(part.headers.get('Content-Range')).toMatch(/^bytes 0-1023\/\d+$/);
    expect(part.headers.get('Accept-Ranges')).toBe('bytes');
    const bytes = new Uint8Array(await part.arrayBuffer());
    expect(bytes.length).toBe(1024);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('OggS');

    const size = Number(part.headers.get('Content-Range')!.split('/')[1]);
    const tail = await participant.request(`/dictation/${code}/reading`, { headers: { Range: 'bytes=-100' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('Content-Range')).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    await tail.arrayBuffer();
    // The capability stays out of the log, this route's path included.
    expect(servers.portal.logLines.join('\n')).not.toContain(code);
  });

  it('answers 404 to another user for a dictation not being written, to an unknown code, and after the hand-in', async () => {
    const code = await invite();
    const teacher = await signedIn(DEMO_USERS.teacher);
    // Not started yet: no reading, whoever asks.
    const unstarted = await teacher.request(`/dictation/${code}/reading`, { headers: { Range: 'bytes=0-99' } });
    expect(unstarted.status).toBe(404);
    expect(await unstarted.text()).toBe('Ошибка 404. Запрашиваемая страница не существует.');
    expect((await teacher.request(`/dictation/${'x'.repeat(43)}/reading`)).status).toBe(404);
    expect((await teacher.request('/dictation/short/reading')).status).toBe(404);

    const guest = new Client(servers.portal.origin);
    await begin(guest, code);
    const heard = await guest.request(`/dictation/${code}/reading`, { headers: { Range: 'bytes=0-99' } });
    expect(heard.status).toBe(206);
    // Behind a personal link without a session: no shared cache and no browser's disk keeps it (issue 36).
    expect(heard.headers.get('Cache-Control')).toBe('private, no-store');
    await heard.arrayBuffer();
    const finished = await guest.request(`/dictation/${code}`, {
      form: { text: 'Весной', revision: '1', intent: 'finish', confirmed: '1' },
    });
    expect(finished.status).toBe(303);
    expect((await guest.request(`/dictation/${code}/reading`)).status).toBe(404);
  });

  it('an upstream failure is a short answer of its own (502), never a 500', async () => {
    const code = await invite();
    const guest = new Client(servers.portal.origin);
    await begin(guest, code);
    await servers.upstream.fault({ path: '/rest/dictation/open/', status: 500 });
    const failed = await guest.request(`/dictation/${code}/reading`, { headers: { Range: 'bytes=0-99' } });
    expect(failed.status).toBe(502);
    expect(failed.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(await failed.text()).toBe('Не удалось получить файл (ошибка 500). Попробуйте ещё раз.');
  });
});
