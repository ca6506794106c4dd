import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Api, Result, RunProgress, RunRecord } from '../../../../../../electron/shared/api';
import { applyRunProgress, runQuery } from '../../../../../../renderer/features/runs/queries/runs';

/**
 * A run that ends while the view's first read of it is still on its way: the read left before the
 * end was written, so it says "running"; the end event must not leave that answer in place.
 */

const RECORD = { runId: 'run-1', state: 'running', total: 6, completed: 0, passed: 0, failed: 0, cancelled: 0 } as unknown as RunRecord;
const ENDED: RunProgress = {
  runId: 'run-1',
  state: 'failed',
  total: 6,
  completed: 6,
  passed: 3,
  failed: 3,
  cancelled: 0,
  elapsedMs: 5,
  rows: [],
  waitingMs: null,
};

describe('a run ending during the first read of it', () => {
  it('is read again, and shows its end, not the read that left before it', async () => {
    const answers: Array<(record: Result<RunRecord>) => void> = [];
    const api = { getRun: () => new Promise<Result<RunRecord>>((resolve) => answers.push(resolve)) } as unknown as Api;
    const queryClient = new QueryClient();
    const observer = new QueryObserver(queryClient, runQuery(api, 'run-1'));
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      await Promise.resolve();
      expect(answers).toHaveLength(1);
      applyRunProgress(queryClient, ENDED);
      // The first read answers late, with what it saw before the end.
      answers[0]!({ ok: true, value: RECORD });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(answers).toHaveLength(2);
      answers[1]!({ ok: true, value: { ...RECORD, state: 'failed', completed: 6, passed: 3, failed: 3 } });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(queryClient.getQueryData<RunRecord>(['getRun', { runId: 'run-1' }])).toMatchObject({ state: 'failed', completed: 6 });
    } finally {
      unsubscribe();
      queryClient.clear();
    }
  });
});
