import type { Protocol } from '@simshop/contract/iot-sims';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useProtocol } from '../../../features/sim/api/protocol.ts';
import { ProtocolView } from '../../../features/sim/components/protocol-view.tsx';
import { useRequireSim } from '../../../features/sim/use-require-sim.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** The agreements of the SIM self-service, as the console's agreement content holds them for the card's promoter. */
const TYPES = ['service', 'privacy', 'login'] as const satisfies readonly Protocol['type'][];
type AgreementType = (typeof TYPES)[number];

function Agreement({ type }: { type: AgreementType }) {
  const { i18n } = useTranslation();
  return <ProtocolView q={useProtocol(type, i18n.language ? currentLanguage() : 'en')} />;
}

/**
 * The agreements of the IoT app (spec §2 /pages-sub/iot/protocol/index): the service agreement, the
 * privacy policy and the login agreement of the card's promoter, in the app language; `?type=` opens
 * one of them (service when absent or unknown).
 */
export default function IotProtocolPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [search] = useSearchParams();
  const asked = search.get('type');
  const [type, setType] = useState<AgreementType>(TYPES.find((x) => x === asked) ?? 'service');
  if (!loggedIn) return null;
  return (
    <div className="sim-page">
      <Tabs activeKey={type} onChange={(key) => setType(key as AgreementType)}>
        {TYPES.map((x) => (
          <Tabs.Tab key={x} title={t(`iot.protocol.${x}`)} />
        ))}
      </Tabs>
      <Agreement key={type} type={type} />
    </div>
  );
}
