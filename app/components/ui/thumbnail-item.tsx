import type { ReactNode } from 'react';

/**
 * A list item with a picture beside its text (a row on a wide screen, the picture on top on a phone). The
 * picture is decorative (`alt=""`): the title beside it says what the item is.
 */
export function ThumbnailItem({
  image,
  title,
  children,
}: {
  image: { src: string; width: number; height: number };
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className="thumbnail-item">
      <img className="thumbnail-item__image" src={image.src} alt="" width={image.width} height={image.height} />
      <div className="thumbnail-item__body">
        <h3 className="thumbnail-item__title">{title}</h3>
        {children}
      </div>
    </li>
  );
}
