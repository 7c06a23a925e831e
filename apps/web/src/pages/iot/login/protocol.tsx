import { useTranslation } from 'react-i18next';
import { useLoginProtocol } from '../../../features/sim/api/login-protocol.ts';
import { ProtocolView } from '../../../features/sim/components/protocol-view.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';

/** The SIM login agreement of the promoter, in the app language. */
export default function SimLoginProtocolPage() {
  const { i18n } = useTranslation();
  const promoCode = useSession((s) => s.carried.promoCode);
  const language = i18n.language ? currentLanguage() : 'en';
  return <ProtocolView q={useLoginProtocol(promoCode, language)} />;
}
