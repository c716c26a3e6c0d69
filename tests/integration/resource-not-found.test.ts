import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, type Client } from './harness';
import { useServers } from './servers';

/**
 * ADR 209: every resource route (files, pictures, certificates, banner links, the player's progress) answers a
 * thing that is not there — a malformed id, an id the upstream does not know, a material or recording missing —
 * in one shape: 404, plain text with the 404 page's words, never stored, and no log line above info.
 */

const servers = useServers();
let participant: Client;

beforeAll(async () => {
  participant = servers.portal.client();
  const signIn = await participant.login(DEMO_USERS.participant.email, DEMO_USERS.participant.password);
  expect(signIn.url).toBe(`${servers.portal.origin}/lk`);
});

const missing = [
  '/lk/scenarios/4/files/99',
  '/lk/scenarios/999999/files/1',
  '/lk/scenarios/0/files/1',
  '/lk/scenarios/4/files/00',
  '/lk/law-week/materials/99999',
  '/lk/law-week/materials/000',
  '/lk/master-classes/999999/recording',
  '/lk/master-classes/2147483648/recording',
  '/lk/dictations/999999/certificate.pdf',
  '/lk/dictations/00/certificate.pdf',
  '/lk/certificate.pdf',
  '/banners/999/image',
  '/banners/0/image',
  '/banners/abc/image',
  '/go/no-such-banner',
];

describe('resource routes: one 404', () => {
  it.each(missing)('%s', async (path) => {
    const linesBefore = servers.portal.logLines.length;
    const response = await participant.request(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toContain('no-store');
    expect(await response.text()).toBe('Ошибка 404. Запрашиваемая страница не существует.');
    const levels = servers.portal.logLines
      .slice(linesBefore)
      .map((line) => (JSON.parse(line) as { level: number }).level);
    expect(levels.filter((level) => level >= 40)).toEqual([]);
  });

  it('the player’s progress posts answer a malformed id the same way', async () => {
    const response = await participant.request('/lk/master-classes/0/progress', {
      form: { positionSeconds: '1', watchedSeconds: '1' },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Ошибка 404. Запрашиваемая страница не существует.');
  });
});
