import { useId, useState } from 'react';
import type { LibraryGuideline } from '../../../../electron/shared/api';
import { parseTags } from './libraryText';

/**
 * The person's own title and tags for a guideline. They sit beside what the server says and
 * never replace it: the server's name stays on the entry, under the title.
 */
export function LibraryLabelsForm({
  entry,
  pending,
  error,
  onSave,
  onCancel,
}: {
  entry: LibraryGuideline;
  pending: boolean;
  error: string | null;
  onSave: (labels: { title: string; tags: string[] }) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(entry.title);
  const [tags, setTags] = useState(entry.tags.join(', '));
  const titleId = useId();
  const tagsId = useId();
  return (
    <form
      className="library-labels"
      aria-label={`Labels of ${entry.name ?? entry.guidelineId}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ title, tags: parseTags(tags) });
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <label htmlFor={titleId}>Local title</label>
      <input
        className="input"
        id={titleId}
        value={title}
        maxLength={200}
        autoFocus
        onChange={(event) => setTitle(event.target.value)}
        placeholder={entry.name ?? ''}
      />
      <label htmlFor={tagsId}>Tags</label>
      <input
        className="input"
        id={tagsId}
        value={tags}
        onChange={(event) => setTags(event.target.value)}
        placeholder="refunds, tier 2"
        aria-describedby={`${tagsId}-hint`}
      />
      <span id={`${tagsId}-hint`} className="muted small">
        Separate tags with commas.
      </span>
      {error && <p className="inline-error">{error}</p>}
      <div className="actions">
        <button type="button" className="button-quiet" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button-primary" disabled={pending}>
          Save labels
        </button>
      </div>
    </form>
  );
}
