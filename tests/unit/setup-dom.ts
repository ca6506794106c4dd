import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadGuidelineReader } from '../../renderer/features/guidelines/LazyGuidelineReader';
import { loadGuidelinesPanel } from '../../renderer/features/guidelines/LazyGuidelinesPanel';
import { loadSafeMarkdown } from '../../renderer/features/guidelines/LazySafeMarkdown';
import { loadCompareView } from '../../renderer/features/history/LazyCompareView';
import { loadHistoryPanel } from '../../renderer/features/history/LazyHistoryPanel';
import { loadDialogs } from '../../renderer/features/settings/LazyDialogs';
import { loadRunParts } from '../../renderer/features/runs/LazyRun';
import { loadRunsPanel } from '../../renderer/features/runs/LazyRunsPanel';

afterEach(() => {
  cleanup();
});

// The markdown renderer, the sections after the first and the dialogs are lazily loaded chunks
// in the app; component tests render them at once, as the app does once the chunk is in (the
// loading state is covered by tests/e2e/split.spec.ts).
beforeAll(async () => {
  await loadSafeMarkdown();
  await loadGuidelineReader();
  await loadCompareView();
  await loadDialogs();
  await loadRunsPanel();
  await loadRunParts();
  await loadGuidelinesPanel();
  await loadHistoryPanel();
});
