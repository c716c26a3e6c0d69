import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireUser } from '#bff/auth/require-user.server';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/meta';

const copy = {
  title: 'Вопросы автору',
  lead: 'В этом разделе можно задать вопрос автору.',
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

export default function AuthorQuestionsScreen() {
  return <ScreenIntro title={copy.title} lead={copy.lead} />;
}
