import { TaskCenter } from '../../../../features/sim/components/task-center.tsx';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';

/** The task centre for wide screens (spec §2 task/landscape): sign-in and tasks side by side in landscape. */
export default function TaskLandscapePage() {
  const loggedIn = useRequireSim();
  if (!loggedIn) return null;
  return (
    <div className="sim-page money-page" data-testid="task-page">
      <TaskCenter landscape />
    </div>
  );
}
