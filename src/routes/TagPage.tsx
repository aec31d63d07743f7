import { TagsScreen } from '../features/tags/TagsScreen.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /tag: tags. */
export default function TagPage() {
  return (
    <ScreenPage title={m.app_title_tag()}>
      <TagsScreen />
    </ScreenPage>
  );
}
