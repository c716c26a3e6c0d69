import { formatFileSize, quote } from '~/lib/format';

const copy = { download: 'Скачать' };

/** A material as a page shows it: the portal's own file route, never the upstream's path (materialLink). */
export interface MaterialLink {
  href: string;
  name: string;
  size: number;
  /** «PDF», «DOCX». */
  extension: string;
  image: boolean;
}

/**
 * Materials of a scenario, an event or a theme: images shown in place with their name and size, other files as
 * download links with their type and size. Styles in `app/styles/materials.css`.
 */
export function MaterialList({ materials, label }: { materials: MaterialLink[]; label?: string }) {
  return (
    <ul className="materials" aria-label={label}>
      {materials.map((material) =>
        material.image ? (
          <li key={material.href}>
            <figure>
              <img src={material.href} alt={material.name.replace(/\.[^.]+$/, '')} loading="lazy" />
              <figcaption>
                {material.name}, {formatFileSize(material.size)}
              </figcaption>
            </figure>
          </li>
        ) : (
          <li key={material.href} className="material-download">
            <a href={material.href} download={material.name}>
              {copy.download} {quote(material.name)}
            </a>{' '}
            <span className="material-download__type">
              {material.extension}, {formatFileSize(material.size)}
            </span>
          </li>
        ),
      )}
    </ul>
  );
}
