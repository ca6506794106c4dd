import type { ReactNode } from 'react';
import { Marked } from '../../history/DiffText';
import { LazySafeMarkdown } from '../LazySafeMarkdown';
import type { BlockDiff, BlockPart, LineDiff } from './blockDiff';

/**
 * The two views of a version diff. Rendered: each block goes through the reader's sanitizing
 * markdown view (so a script tag or a `javascript:` link in a version is as inert here as in the
 * reader), framed and labelled "Added", "Removed" or "Changed" in words as well as colour.
 * Source: the markdown's lines, each changed one with a visible + or − and <ins>/<del>.
 * Long unchanged runs fold to their first and last block (or lines), so a 5 MB guideline with a
 * one-line change renders a handful of blocks, not thousands.
 */

/** Unchanged blocks (or lines) kept on each side of a change. */
const CONTEXT = 1;
const LINE_CONTEXT = 3;

type Shown<T> = { kind: 'item'; item: T } | { kind: 'fold'; count: number };

/** Runs of `same` longer than twice the context fold to a note of how many were left out. */
function fold<T>(items: readonly T[], isSame: (item: T) => boolean, context: number): Shown<T>[] {
  const shown: Shown<T>[] = [];
  let index = 0;
  while (index < items.length) {
    if (!isSame(items[index]!)) {
      shown.push({ kind: 'item', item: items[index]! });
      index++;
      continue;
    }
    let end = index;
    while (end < items.length && isSame(items[end]!)) end++;
    const head = index === 0 ? 0 : context;
    const tail = end === items.length ? 0 : context;
    if (end - index > head + tail) {
      for (let i = index; i < index + head; i++) shown.push({ kind: 'item', item: items[i]! });
      shown.push({ kind: 'fold', count: end - index - head - tail });
      for (let i = end - tail; i < end; i++) shown.push({ kind: 'item', item: items[i]! });
    } else {
      for (let i = index; i < end; i++) shown.push({ kind: 'item', item: items[i]! });
    }
    index = end;
  }
  return shown;
}

function Framed({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <div className={`version-block ${className}`} role="group" aria-label={label}>
      <span className="version-block-label small" aria-hidden="true">
        {label}
      </span>
      {children}
    </div>
  );
}

function RenderedPart({ part }: { part: BlockPart }) {
  switch (part.op) {
    case 'same':
      return (
        <div className="version-block version-same">
          <LazySafeMarkdown content={part.block} />
        </div>
      );
    case 'added':
    case 'removed':
      return (
        <Framed label={part.op === 'added' ? 'Added' : 'Removed'} className={`version-${part.op}`}>
          <LazySafeMarkdown content={part.block} />
        </Framed>
      );
    case 'changed':
      return (
        <Framed label="Changed" className="version-changed">
          <LazySafeMarkdown content={part.after} />
          <div className="version-words small">
            <span className="muted">Words changed: </span>
            {part.words.kind === 'diff' ? (
              part.words.parts.map((word, index) => <Marked key={index} part={word} />)
            ) : (
              <span>{part.words.reason}</span>
            )}
          </div>
        </Framed>
      );
  }
}

const fewBlocks = (count: number) => `${count} unchanged ${count === 1 ? 'block' : 'blocks'} not shown`;

/** The rendered diff: the newer version's text with what was added, removed or changed marked in it. */
export function RenderedVersionDiff({ diff }: { diff: BlockDiff }) {
  if (diff.kind === 'skipped') return <p className="small diff-skipped">{diff.reason}</p>;
  if (diff.parts.every((part) => part.op === 'same')) return <p className="muted">The two versions read the same.</p>;
  return (
    <div className="version-rendered guideline-markdown">
      <p className="small muted">
        {diff.changed} changed, {diff.added} added, {diff.removed} removed{' '}
        {diff.changed + diff.added + diff.removed === 1 ? 'passage' : 'passages'}.
      </p>
      {fold(diff.parts, (part) => part.op === 'same', CONTEXT).map((shown, index) =>
        shown.kind === 'fold' ? (
          <p key={index} className="version-fold small muted">
            … {fewBlocks(shown.count)} …
          </p>
        ) : (
          <RenderedPart key={index} part={shown.item} />
        ),
      )}
    </div>
  );
}

interface SourceLine {
  op: 'same' | 'added' | 'removed';
  text: string;
}

/** The source diff: markdown lines with + and − in a gutter, and <ins>/<del> for screen readers. */
export function SourceVersionDiff({ diff }: { diff: LineDiff }) {
  if (diff.kind === 'skipped') return <p className="small diff-skipped">{diff.reason}</p>;
  const lines: SourceLine[] = diff.parts.flatMap((part) =>
    part.text
      .replace(/\n$/, '')
      .split('\n')
      .map((text) => ({ op: part.op, text })),
  );
  return (
    <pre className="code-block version-source" tabIndex={0} aria-label="Markdown source, line by line">
      {fold(lines, (line) => line.op === 'same', LINE_CONTEXT).map((shown, index) => {
        if (shown.kind === 'fold')
          return <span key={index} className="muted">{`… ${shown.count} unchanged ${shown.count === 1 ? 'line' : 'lines'} …\n`}</span>;
        const { op, text } = shown.item;
        const gutter = op === 'added' ? '+ ' : op === 'removed' ? '− ' : '  ';
        return (
          <span key={index} className={`version-line version-line-${op}`}>
            <span aria-hidden="true">{gutter}</span>
            {op === 'same' ? text : <Marked part={{ op, text }} />}
            {'\n'}
          </span>
        );
      })}
    </pre>
  );
}
