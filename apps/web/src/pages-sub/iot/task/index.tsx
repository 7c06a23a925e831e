import { TaskCenter } from '../../../features/sim/components/task-center.tsx';
import { useRequireSim } from '../../../features/sim/use-require-sim.ts';

/** Tasks and daily sign-in (spec §2 /pages-sub/iot/task/index). */
export default function TaskPage() {
  const loggedIn = useRequireSim();
  if (!loggedIn) return null;
  return (
    <div className="sim-page money-page" data-testid="task-page">
      <TaskCenter />
    </div>
  );
}
