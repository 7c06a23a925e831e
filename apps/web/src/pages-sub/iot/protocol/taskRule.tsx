import { useTranslation } from 'react-i18next';
import { useProtocol } from '../../../features/sim/api/protocol.ts';
import { ProtocolView } from '../../../features/sim/components/protocol-view.tsx';
import { useRequireSim } from '../../../features/sim/use-require-sim.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** The rules of tasks and sign-in of the card's promoter (spec §2 protocol/taskRule), in the app language. */
export default function TaskRulePage() {
  const { i18n } = useTranslation();
  const loggedIn = useRequireSim();
  const q = useProtocol('taskRule', i18n.language ? currentLanguage() : 'en');
  if (!loggedIn) return null;
  return <ProtocolView q={q} />;
}
