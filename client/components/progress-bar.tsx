import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { ProgressClock, type ProgressState } from './progress';
import { resetTasks, taskStore } from '../app/loading-tracker';

/** The loading bar at the top of the page, driven by react-router's navigation state. */
export function ProgressBar() {
  const { t } = useLingui();
  const navigation = useNavigation();
  const tasks = useSyncExternalStore(
    taskStore.subscribe,
    taskStore.getSnapshot,
    taskStore.getSnapshot,
  );
  const [state, setState] = useState<ProgressState>({ visible: false, value: 0, failed: false });
  const clock = useRef<ProgressClock | null>(null);
  const seenDone = useRef(0);

  useEffect(() => {
    clock.current = new ProgressClock(setState);
    return () => clock.current?.dispose();
  }, []);

  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (busy) {
      resetTasks();
      seenDone.current = 0;
      clock.current?.start();
    } else {
      const { failed } = taskStore.getSnapshot();
      clock.current?.finish(failed);
    }
  }, [busy]);

  useEffect(() => {
    while (seenDone.current < tasks.done) {
      seenDone.current++;
      clock.current?.taskDone(tasks.total);
    }
  }, [tasks]);

  return (
    <div
      className="progress-bar"
      data-visible={state.visible || undefined}
      data-failed={state.failed || undefined}
      role="progressbar"
      aria-label={t`Chargement de la page`}
      aria-hidden={!state.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.value)}
    >
      <div
        className="progress-bar__fill"
        style={state.value > 0 ? { transform: `scaleX(${state.value / 100})` } : undefined}
      />
    </div>
  );
}
