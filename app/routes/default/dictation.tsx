import type { MetaFunction } from '@remix-run/node';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/meta';

const copy = {
  title: 'Диктант',
  lead: 'На этой странице проходит диктант.',
};

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

/** `/dictation` and `/dictation/{token}`. */
export default function DictationScreen() {
  return <ScreenIntro title={copy.title} lead={copy.lead} />;
}
