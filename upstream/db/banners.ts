import type { Banner } from '#contract';
import type { Db } from './open';

interface BannerRow {
  id: number;
  code: string;
  title: string;
  text: string;
  image_path: string;
  link: string;
}

const IMAGE_TYPE = 'image/svg+xml';

function toBanner(row: BannerRow, imageSize: (path: string) => number): Banner {
  const name = row.image_path.slice(row.image_path.lastIndexOf('/') + 1);
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    text: row.text,
    link: row.link,
    image: { path: row.image_path, name, size: imageSize(row.image_path), type: IMAGE_TYPE },
  };
}

export function listBanners(db: Db, imageSize: (path: string) => number): Banner[] {
  const rows = db.prepare('SELECT * FROM banners ORDER BY position, id').all() as BannerRow[];
  return rows.map((row) => toBanner(row, imageSize));
}

export interface NewBanner {
  code: string;
  title: string;
  text: string;
  imagePath: string;
  link: string;
}

/** Keyed by code: a banner that exists keeps whatever an editor changed. */
export function insertBannerIfMissing(db: Db, banner: NewBanner, position: number): void {
  db.prepare(
    `INSERT INTO banners (code, title, text, image_path, link, position) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (code) DO NOTHING`,
  ).run(banner.code, banner.title, banner.text, banner.imagePath, banner.link, position);
}
