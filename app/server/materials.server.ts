import { isImageFile, type FileRef } from '#contract';

/** A material as a screen shows it: an image (IMAGE_EXTENSIONS) inline, any other file as a download. */
export function isImageMaterial(material: FileRef): boolean {
  return isImageFile(material.path) && isImageFile(material.name);
}

/**
 * What a page needs of a material: the portal's file route that streams it (`href`), its name, size and type,
 * and whether it is shown or downloaded. The upstream's path stays on the server.
 */
export function materialLink(material: FileRef, href: string) {
  return {
    href,
    name: material.name,
    size: material.size,
    extension: material.name.split('.').pop()?.toUpperCase() ?? '',
    image: isImageMaterial(material),
  };
}
