import { describe, expect, it } from 'vitest';
import { banner } from '#contract';
import { createTestUpstream } from '../testing';

describe('bannersList', () => {
  it('lists the seeded banners, with or without a session, each with its picture and analytics code', async () => {
    const up = await createTestUpstream();
    const anonymous = await up.call('bannersList');
    const items = banner.array().parse((anonymous.envelope.result as { items: unknown }).items);
    expect(items.map((item) => item.code)).toEqual(['week-open-lessons', 'scenarios-catalogue', 'fgos-materials']);
    expect(items[0]).toMatchObject({ title: 'Неделя открытых уроков', link: '/week' });
    expect(items.every((item) => item.image.type === 'image/svg+xml' && item.image.size > 0)).toBe(true);

    const { token } = await up.login();
    expect((await up.call('bannersList', { token: token.authToken })).envelope.result).toEqual(
      anonymous.envelope.result,
    );
  });
});
