import type { MetaDescriptor } from '@remix-run/node';
import { copy } from './copy';

interface MatchLike {
  id: string;
  data: unknown;
}

/** The product title from root loader data, which is missing when the root loader itself failed. */
export function readProductTitle(rootData: unknown): string | null {
  if (typeof rootData !== 'object' || rootData === null || !('product' in rootData)) return null;
  const { product } = rootData;
  if (typeof product !== 'object' || product === null || !('title' in product)) return null;
  return typeof product.title === 'string' ? product.title : null;
}

export function productTitleOf(matches: readonly MatchLike[]): string {
  return readProductTitle(matches.find((match) => match.id === 'root')?.data) ?? copy.fallbackProductTitle;
}

/** `<product title>` or `<screen title> | <product title>`. */
export function documentTitle(productTitle: string, screenTitle?: string): string {
  return screenTitle ? `${screenTitle} | ${productTitle}` : productTitle;
}

/** docs/product.md §2: `<product title> | Ошибка NNN`. */
export function errorDocumentTitle(productTitle: string, status: number): string {
  return `${productTitle} | ${copy.errorTitle(status)}`;
}

/** A screen's meta: its title after the product title, and a description (Lighthouse SEO asks for one). */
export function screenMeta(
  matches: readonly MatchLike[],
  screenTitle?: string,
  description: string = copy.siteDescription,
): MetaDescriptor[] {
  return [
    { title: documentTitle(productTitleOf(matches), screenTitle) },
    { name: 'description', content: description },
  ];
}
