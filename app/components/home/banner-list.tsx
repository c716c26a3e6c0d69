import type { Banner } from '#contract';
import { ThumbnailItem } from '~/components/ui/thumbnail-item';

const copy = { title: 'Анонсы' };

/**
 * The banners of `/` and `/lk`. Each link goes through `/go/{code}`, which records the transition and then
 * redirects, so counting works without JavaScript and before the browser leaves.
 */
export function BannerList({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <section aria-labelledby="banners-title" className="banners">
      <h2 id="banners-title">{copy.title}</h2>
      <ul className="thumbnail-list banners__list">
        {banners.map((banner) => (
          <ThumbnailItem
            key={banner.id}
            image={{ src: `/banners/${banner.id}/image`, width: 320, height: 160 }}
            title={<a href={`/go/${banner.code}`}>{banner.title}</a>}
          >
            <p>{banner.text}</p>
          </ThumbnailItem>
        ))}
      </ul>
    </section>
  );
}
