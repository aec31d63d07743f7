/**
 * A link opened in a new tab, as the lists draw a creator's TikTok profile, a video or a bio link.
 * The page it opens gets neither this window (`noopener`) nor this address (`noreferrer`): a
 * workspace's URLs stay out of other sites' logs. In a grid's cell it is not a Tab stop of its own
 * (src/ui/DataGrid/cell-scope.ts), so the grid's scan has nothing to write on its rows.
 */
import { useContext, type AnchorHTMLAttributes } from 'react';
import { InGridCell } from './DataGrid/cell-scope.ts';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'>;

export function NewTabLink({ href, ...rest }: AnchorProps & { href: string }) {
  const inCell = useContext(InGridCell);
  return (
    <a tabIndex={inCell ? -1 : undefined} {...rest} href={href} target="_blank" rel="noopener noreferrer" />
  );
}
