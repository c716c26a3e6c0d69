import type { MetaFunction } from '@remix-run/node';
import { Link, useParams } from '@remix-run/react';
import { screenMeta } from '~/meta';
import { ScreenIntro } from './screen-intro';

/** The texts of a cabinet section that lists items and shows one by its id (`/lk/<section>/{id}`). */
export interface CollectionCopy {
  title: string;
  lead: string;
  itemTitle: string;
  backToList: string;
}

/** The section's title and lead on the list, the item's title on `/{id}`. */
export function collectionMeta(copy: CollectionCopy): MetaFunction {
  return ({ matches, params }) =>
    params.id ? screenMeta(matches, copy.itemTitle) : screenMeta(matches, copy.title, copy.lead);
}

/** The list screen, or one item's screen with a way back to the list. */
export function CollectionScreen({ copy, listPath }: { copy: CollectionCopy; listPath: string }) {
  const { id } = useParams();
  if (!id) return <ScreenIntro title={copy.title} lead={copy.lead} />;
  return (
    <ScreenIntro title={copy.itemTitle}>
      <Link to={listPath}>{copy.backToList}</Link>
    </ScreenIntro>
  );
}
