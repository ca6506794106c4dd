import { colourClass } from './HighlightedText';
import type { PayloadValue } from './provenance';

/**
 * What the payload left in the answer: the legend of highlight colours (each entry names its
 * key, so colour is never the only cue) and the keys whose values the answer never mentions,
 * which is usually what an analyst is looking for.
 */
export function ProvenanceSummary({
  values,
  missing,
  highlight,
}: {
  values: readonly PayloadValue[];
  /** Keys found nowhere in the whole answer; null while a big answer is still being checked. */
  missing: readonly string[] | null;
  highlight: boolean;
}) {
  const absent = new Set(missing ?? []);
  return (
    <div className="provenance" role="group" aria-label="Payload values in the answer">
      {highlight && (
        <ul className="list-inline pv-legend" aria-label="Highlight colours">
          {values.map((value, index) =>
            absent.has(value.key) ? null : (
              <li key={value.key}>
                <span className={`${colourClass(index)} pv-swatch`} aria-hidden="true" />
                <code>{value.key}</code>
              </li>
            ),
          )}
        </ul>
      )}
      <p className="pv-status">
        {missing === null ? (
          <span className="muted">Checking the whole answer for payload values…</span>
        ) : missing.length === 0 ? (
          <span className="muted">Every payload value appears in the answer.</span>
        ) : (
          <span className="pv-missing">
            Not found in the answer: <span className="mono">{missing.join(', ')}</span>
          </span>
        )}
      </p>
    </div>
  );
}
