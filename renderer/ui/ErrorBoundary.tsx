import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { thrownMessage } from '../lib/errorKinds';

/**
 * React unmounts the whole tree when a render throws and nothing catches it: one bad document
 * (a guideline nested 3000 levels deep) would blank the app and lose every draft on screen.
 * An error boundary is the only way to catch a render error, and it has to be a class
 * component (React has no hook for it). Each section and each rendered document sits in one,
 * so a failure stays where it happened and says what failed.
 */
interface BoundaryProps {
  /** What is shown instead of the children once they have thrown. */
  fallback: (error: unknown, retry: () => void) => ReactNode;
  /** When this changes (e.g. another document is opened), the boundary tries the children again. */
  resetKey?: unknown;
  children: ReactNode;
}

interface BoundaryState {
  error: { value: unknown } | null;
  resetKey: unknown;
}

/** Catches a render error below it and shows `fallback` in its place. */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: { value: error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null;
    return { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // For whoever opens the developer tools; the person sees the fallback.
    console.error('A part of Agent Explorer failed to render:', error, info.componentStack);
  }

  private readonly retry = () => this.setState({ error: null });

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error.value, this.retry) : this.props.children;
  }
}

/**
 * A section of the app (Agents, Guidelines) that failed to render: the rest of the app stays,
 * and "Try again" renders the section afresh.
 */
export function SectionBoundary({ name, children }: { name: string; children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={(error, retry) => (
        <div role="alert" className="alert-panel tone-danger boundary-panel">
          <p className="alert-message">
            <strong>The {name} section failed to show.</strong> {thrownMessage(error)}
          </p>
          <p className="muted small">The rest of Agent Explorer still works.</p>
          <button type="button" className="button-quiet button-small" onClick={retry}>
            Try again
          </button>
        </div>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/**
 * One rendered document (a guideline, an answer): if rendering it fails, say so and offer the
 * text as it is, as plain text (which cannot fail the same way).
 */
export function DocumentBoundary({ what, text, children }: { what: string; text: string; children: ReactNode }) {
  return (
    <ErrorBoundary resetKey={text} fallback={(error) => <DocumentFailed what={what} text={text} error={error} />}>
      {children}
    </ErrorBoundary>
  );
}

function DocumentFailed({ what, text, error }: { what: string; text: string; error: unknown }) {
  const [plain, setPlain] = useState(false);
  return (
    <div className="boundary-document">
      <p role="alert" className="inline-note">
        This {what} could not be rendered: {thrownMessage(error)}{' '}
        {!plain && (
          <button type="button" className="button-quiet button-small" onClick={() => setPlain(true)}>
            Show as plain text
          </button>
        )}
      </p>
      {plain && (
        <pre className="markdown-plain" tabIndex={0} aria-label={`The ${what}, as plain text`}>
          {text}
        </pre>
      )}
    </div>
  );
}
