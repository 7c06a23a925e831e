import type { SimAddress } from '@simshop/contract/mall';
import { useQueryClient } from '@tanstack/react-query';
import { EditSOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { postSetDefaultSimAddress } from '../../../../../features/mall/api/set-default-sim-address.ts';
import { simAddressListQuery, useSimAddressList } from '../../../../../features/mall/api/sim-address-list.ts';
import '../../../../../features/mall/components/mall.css';
import { BottomBar } from '../../../../../features/mall/components/bottom-bar.tsx';
import { TapCard } from '../../../../../features/mall/components/tap-card.tsx';
import { MALL } from '../../../../../features/mall/paths.ts';
import { CardsSkeleton, MoneyEmpty } from '../../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed } from '../../../../../features/sim/components/page-state.tsx';
import { useRequireSim } from '../../../../../features/sim/use-require-sim.ts';
import { navigateBack, navigateTo } from '../../../../../lib/nav.ts';
import { maskMobile, useSession } from '../../../../../lib/session.ts';

/**
 * The card's delivery addresses. Opened from an order being placed (selectAddressBackPath set), a
 * tap chooses the address (iotSimAddressId) and goes back; otherwise it manages them.
 */
export default function SelectAddressPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const queryClient = useQueryClient();
  const list = useSimAddressList();
  const backPath = useSession((s) => s.selectAddressBackPath);
  const chosenId = useSession((s) => s.iotSimAddressId);
  if (!loggedIn) return null;

  const choose = (a: SimAddress) => {
    useSession.getState().setIotSimAddressId(a.id);
    if (backPath) {
      useSession.getState().setSelectAddressBackPath('');
      void navigateBack();
    }
  };
  const makeDefault = async (a: SimAddress) => {
    const fresh = await postSetDefaultSimAddress(a.id);
    queryClient.setQueryData(simAddressListQuery(useSession.getState().simNo).queryKey, fresh);
  };

  return (
    <div className="sim-page money-page mall-page" data-testid="mall-addresses">
      {list.isError ? (
        <SimLoadFailed onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <CardsSkeleton />
      ) : list.data.length === 0 ? (
        <MoneyEmpty text={t('mall.address.none')} />
      ) : (
        list.data.map((a) => (
          <div key={a.id} className={`card mall-address${backPath && a.id === chosenId ? ' on' : ''}`} data-testid="mall-address">
            <TapCard className="mall-address-main" label={`${a.name} ${a.fullText}`} onOpen={() => choose(a)}>
              <span className="mall-where-who">
                <b data-user-text>{a.name}</b> {maskMobile(a.mobile)}
                {a.isDefault ? <em className="mall-default">{t('mall.address.default')}</em> : null}
              </span>
              <span className="mall-where-text" data-user-text>
                {a.fullText}
              </span>
            </TapCard>
            <div className="mall-address-actions">
              {a.isDefault ? (
                <span className="muted">{t('mall.address.isDefault')}</span>
              ) : (
                <button type="button" className="sim-link" onClick={() => void makeDefault(a)}>
                  {t('mall.address.setDefault')}
                </button>
              )}
              <button type="button" className="sim-link" onClick={() => void navigateTo(`${MALL.editAddress}?id=${a.id}`)}>
                <EditSOutline /> {t('mall.address.edit')}
              </button>
            </div>
          </div>
        ))
      )}
      <BottomBar info={<span className="muted">{t('mall.address.count', { count: list.data?.length ?? 0 })}</span>}>
        <button
          type="button"
          className="pay-bar-btn"
          onClick={() => void navigateTo(`${MALL.editAddress}?from=list`)}
          data-testid="add-address"
        >
          {t('mall.address.add')}
        </button>
      </BottomBar>
    </div>
  );
}
