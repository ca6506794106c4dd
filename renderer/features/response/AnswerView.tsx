import { memo, useCallback, useMemo } from 'react';
import type { Options } from 'react-markdown';
import type { JsonObject } from '../../../electron/shared/api';
import { formatCount } from '../../lib/textChunks';
import { CopyButton } from '../../ui/CopyButton';
import { LongText } from '../../ui/LongText';
import { LazySafeMarkdown } from '../guidelines/LazySafeMarkdown';
import { HighlightedText, MAX_MARKS } from './HighlightedText';
import type { PrefsUpdate } from './prefs';
import { patternsOf, payloadValues, unfilledPlaceholders } from './provenance';
import { ProvenanceSummary } from './ProvenanceSummary';
import { rehypeProvenance } from './rehypeProvenance';
import { UnfilledPlaceholders } from './UnfilledPlaceholders';
import { useMissingKeys } from './useMissingKeys';
import { ToggleButton } from '../../ui/ToggleButton';

const NO_PAYLOAD: JsonObject = {};
/** Markdown renders at roughly 2 ms per KB, so it is revealed in smaller pieces than text. */
const MARKDOWN_FIRST_CHARS = 32 * 1024;
const MARKDOWN_MORE_CHARS = 64 * 1024;

/**
 * The answer, as plain text by default. "Markdown" renders it through the sanitizing
 * SafeMarkdown (never as HTML); "Highlight payload values" marks where each payload value
 * occurs, in either (in markdown, within the rendered text: see rehypeProvenance). Only the shown part of a long answer is rendered, highlighted or parsed as
 * markdown; the list of keys not found covers the whole answer.
 */
export const AnswerView = memo(function AnswerView({
  answer,
  payload,
  markdown,
  highlight,
  onPrefs,
}: {
  answer: string;
  /** The payload that was sent; its values are looked for in the answer. */
  payload: JsonObject | undefined;
  markdown: boolean;
  highlight: boolean;
  onPrefs: PrefsUpdate;
}) {
  const values = useMemo(() => payloadValues(payload ?? NO_PAYLOAD), [payload]);
  const patterns = useMemo(() => patternsOf(values), [values]);
  const missing = useMissingKeys(answer, values, patterns);
  const unfilled = useMemo(() => unfilledPlaceholders(answer, payload ?? NO_PAYLOAD), [answer, payload]);
  const colours = useMemo(() => new Map(values.map((value, index) => [value.key, index])), [values]);
  const colourOf = useCallback((key: string) => colours.get(key) ?? 0, [colours]);
  const highlighting = highlight && patterns.length > 0;
  const render = useMemo(() => {
    if (markdown) {
      const plugins: Options['rehypePlugins'] = highlighting ? [[rehypeProvenance, { patterns, colourOf, limit: MAX_MARKS }]] : undefined;
      return (shown: string) => <LazySafeMarkdown content={shown} rehypePlugins={plugins} />;
    }
    if (highlighting) return (shown: string) => <HighlightedText text={shown} patterns={patterns} colourOf={colourOf} />;
    return undefined;
  }, [markdown, highlighting, patterns, colourOf]);

  return (
    <div className="view answer-view">
      <div className="cluster view-toolbar">
        <ToggleButton
          pressed={markdown}
          title="Render the answer as markdown (sanitized: links checked, no HTML, no images loaded)"
          onToggle={() => onPrefs({ markdown: !markdown })}
        >
          Markdown
        </ToggleButton>
        {values.length > 0 && (
          <ToggleButton
            pressed={highlight}
            title="Mark where each payload value occurs"
            onToggle={() => onPrefs({ highlight: !highlight })}
          >
            Highlight payload values
          </ToggleButton>
        )}
        <span className="view-size">{formatCount(answer.length, 'character')}</span>
        <CopyButton text={answer} label="Copy answer" />
      </div>
      <UnfilledPlaceholders names={unfilled} />
      {values.length > 0 && <ProvenanceSummary values={values} missing={missing} highlight={highlighting} />}
      {answer === '' ? (
        <p className="answer muted">The answer is an empty string.</p>
      ) : (
        // Markdown costs far more per character than text, so it starts again from its own first piece.
        <LongText
          key={markdown ? 'markdown' : 'text'}
          text={answer}
          as="div"
          className={markdown ? 'answer answer-markdown' : 'answer'}
          render={render}
          first={markdown ? MARKDOWN_FIRST_CHARS : undefined}
          more={markdown ? MARKDOWN_MORE_CHARS : undefined}
        />
      )}
    </div>
  );
});
