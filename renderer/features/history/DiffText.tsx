import type { TextRow } from './compare';
import type { DiffPart, WordDiff } from './wordDiff';

/**
 * A word diff, side by side: entry 1's text with what only it has struck through (<del>),
 * entry 2's with what only it has underlined (<ins>). The texts are untrusted (answers, payloads):
 * every part is a React text child, never markup. Colour is not the only cue: <del>/<ins> carry
 * the meaning, are struck through and underlined, and say "removed"/"added" to screen readers.
 */

/** What a screen reader hears around a changed run, since del/ins are not announced everywhere. */
export function Marked({ part }: { part: DiffPart }) {
  if (part.op === 'same') return <>{part.text}</>;
  const Tag = part.op === 'removed' ? 'del' : 'ins';
  return (
    <Tag className={`diff-${part.op}`}>
      <span className="visually-hidden">{part.op === 'removed' ? '[− removed: ' : '[+ added: '}</span>
      {part.text}
      <span className="visually-hidden">]</span>
    </Tag>
  );
}

function Side({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="diff-side">
      <div className="diff-side-label small muted">{label}</div>
      <div className="diff-text" role="group" aria-label={label} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}

function sideParts(diff: Extract<WordDiff, { kind: 'diff' }>, side: 0 | 1): DiffPart[] {
  return diff.sides[side];
}

function summary(diff: WordDiff): string {
  if (diff.kind === 'skipped') return diff.reason;
  if (diff.changes === 0) return 'The same in both.';
  const removed = diff.parts.filter((part) => part.op === 'removed').length;
  const added = diff.parts.filter((part) => part.op === 'added').length;
  return `${removed} ${removed === 1 ? 'run' : 'runs'} of words only in entry 1, ${added} only in entry 2.`;
}

/** One compared text (request text, answer, guideline content…) with its heading. */
export function DiffText({ row }: { row: TextRow }) {
  const first = `${row.label}, entry 1`;
  const second = `${row.label}, entry 2`;
  return (
    <div className="compare-text">
      <h4 className="compare-text-title">{row.label}</h4>
      {row.kind === 'one' ? (
        <>
          <p className="small">Only entry {row.side + 1} has this.</p>
          <div className="diff-columns">
            <Side label={first}>{row.side === 0 ? row.text : <span className="muted">{row.missing}</span>}</Side>
            <Side label={second}>{row.side === 1 ? row.text : <span className="muted">{row.missing}</span>}</Side>
          </div>
        </>
      ) : (
        <>
          <p className={row.diff.kind === 'skipped' ? 'small diff-skipped' : 'small muted'}>{summary(row.diff)}</p>
          <div className="diff-columns">
            {row.diff.kind === 'skipped' ? (
              <>
                <Side label={first}>{row.diff.texts[0]}</Side>
                <Side label={second}>{row.diff.texts[1]}</Side>
              </>
            ) : (
              ([0, 1] as const).map((side) => (
                <Side key={side} label={side === 0 ? first : second}>
                  {sideParts(row.diff as Extract<WordDiff, { kind: 'diff' }>, side).map((part, index) => (
                    <Marked key={index} part={part} />
                  ))}
                </Side>
              ))
            )}
          </div>
        </>
      )}
    </div>
  );
}

/** How to read the marks, in words (not colour). */
export function DiffLegend() {
  return (
    <p className="diff-legend small">
      Words only in entry 1 are <del className="diff-removed">struck through</del>; words only in entry 2 are{' '}
      <ins className="diff-added">underlined</ins>.
    </p>
  );
}
