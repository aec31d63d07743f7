/**
 * Add a topic to track: a hashtag (leading '#' dropped, one word, required) and an optional last
 * day of tracking. The tier's active-topic limit is checked here first, with the server's
 * words and the VIP link, so a topic the server would refuse is never shown as added; the server
 * still has the last word (a refusal then comes back as the sync engine's notice).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TOPIC_TITLE_MAX } from '../../../contract/limits.ts';
import { localDb } from '../../db/local.ts';
import { readRows, useLocalRows } from '../../db/queries.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { Input } from '../../ui/Input.tsx';
import { todayString } from '../../ui/date-rules.ts';
import { toast } from '../../ui/toast-queue.ts';
import { useTier } from '../vip/tier.ts';
import { addTopic } from './topic-actions.ts';
import { activeTopicCount, topicLimitProblem } from './topic-rules.ts';

/** The hashtag as the server stores it, or the message of its first problem. */
export function topicTitleCheck(raw: string): { title: string } | { problem: string } {
  const title = raw.trim().replace(/^#+/, '');
  if (!title) return { problem: m.topics_title_required() };
  if (/[\s#]/.test(title)) return { problem: m.topics_title_invalid() };
  return { title };
}

export function TopicDialog({ country, onClose }: { country: string; onClose: () => void }) {
  const [raw, setRaw] = useState('');
  const [end, setEnd] = useState('');
  const tier = useTier();
  // Every country's topics: the limit counts the whole workspace.
  const allTopics = useLocalRows(localDb, 'topics');
  const [limit, setLimit] = useState<ReturnType<typeof topicLimitProblem>>(null);

  const save = async () => {
    const checked = topicTitleCheck(raw);
    if ('problem' in checked) {
      toast.error(checked.problem);
      return;
    }
    // A topic that ends before today would not count, but the date picker offers none.
    // A press before the live read has answered reads the topics itself: never count none.
    const topics = allTopics ?? (await readRows(localDb, 'topics'));
    const problem = topicLimitProblem(activeTopicCount(topics), tier);
    setLimit(problem);
    if (problem) return;
    const ok = await addTopic(country, checked.title, end);
    if (ok) onClose();
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={m.topics_add_title()}
      footer={<DialogFooter onCancel={onClose} onConfirm={save} />}
    >
      <div className="catalog-form">
        {limit && (
          <InlineAlert
            hint={limit.upgrade ? m.sync_hint_vip() : undefined}
            action={
              limit.upgrade && (
                <Link className="cd-button cd-button--primary cd-button--sm" to="/vip">
                  {m.vip_upgrade_link()}
                </Link>
              )
            }
          >
            {limit.message}
          </InlineAlert>
        )}
        <Field
          label={m.topics_col_title()}
          value={raw}
          onChange={setRaw}
          maxLength={TOPIC_TITLE_MAX + 1}
          placeholder={m.topics_title_required()}
          autoFocus
        />
        <Input
          label={m.topics_col_end()}
          type="date"
          min={todayString()}
          value={end}
          onChange={(e) => setEnd(e.target.value)}
        />
      </div>
    </Dialog>
  );
}
