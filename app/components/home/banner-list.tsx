import type { Banner } from '#contract';

const copy = { label: 'Анонсы' };

/**
 * The banners of `/` and `/lk`. Each link goes through `/go/{code}`, which records the transition and then
 * redirects, so counting works without JavaScript and before the browser leaves (ADR 015).
 */
export function BannerList({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <section aria-label={copy.label} className="banners">
      <ul className="banners__list">
        {banners.map((banner) => (
          <li key={banner.id} className="banner">
            <img className="banner__image" src={`/banners/${banner.id}/image`} alt="" width={320} height={160} />
            <h2 className="banner__title">
              <a href={`/go/${banner.code}`}>{banner.title}</a>
            </h2>
            <p className="banner__text">{banner.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
