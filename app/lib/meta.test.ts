import { describe, expect, it } from 'vitest';
import { documentTitle, errorDocumentTitle, productTitleOf, screenMeta } from './meta';

const rootMatch = { id: 'root', data: { product: { title: 'Портал права' } } };

describe('page titles', () => {
  it('is the product title alone or after the screen title', () => {
    expect(documentTitle('Портал права')).toBe('Портал права');
    expect(documentTitle('Портал права', 'Сценарии')).toBe('Сценарии | Портал права');
  });

  it('reads `<product> | Ошибка NNN` on errors', () => {
    expect(errorDocumentTitle('Портал права', 404)).toBe('Портал права | Ошибка 404');
  });

  it('takes the product title from the root match, with a fallback when the root loader failed', () => {
    expect(productTitleOf([rootMatch, { id: 'routes/lk/layout', data: null }])).toBe('Портал права');
    expect(productTitleOf([{ id: 'root', data: undefined }])).toBe('Образовательный портал');
    expect(productTitleOf([{ id: 'root', data: { product: { title: 7 } } }])).toBe('Образовательный портал');
  });

  it('builds a screen meta with a description', () => {
    expect(screenMeta([rootMatch], 'Поддержка', 'Контакты.')).toEqual([
      { title: 'Поддержка | Портал права' },
      { name: 'description', content: 'Контакты.' },
    ]);
  });
});
