import type { MetaFunction } from '@remix-run/node';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/meta';

const copy = {
  title: 'Программа недели',
  lead: 'Программа недели по дням и отметка об участии.',
};

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

export default function WeekScreen() {
  return <ScreenIntro title={copy.title} lead={copy.lead} />;
}
