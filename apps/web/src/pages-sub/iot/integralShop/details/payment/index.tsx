import type { Delivery, GoodsDetailsReply, SimAddress } from '@simshop/contract/mall';
import { useQueryClient } from '@tanstack/react-query';
import { EnvironmentOutline, RightOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { postBuyShopGoods } from '../../../../../features/mall/api/buy-shop-goods.ts';
import { useGoodsDetails } from '../../../../../features/mall/api/goods-details.ts';
import { invalidateMall } from '../../../../../features/mall/api/keys.ts';
import { useShopStores } from '../../../../../features/mall/api/shop-stores.ts';
import { useSimAddressList } from '../../../../../features/mall/api/sim-address-list.ts';
import { Toast } from '../../../../../lib/feedback.ts';
import '../../../../../features/mall/components/mall.css';
import { NumberStepper } from '../../../../../components/number-stepper.tsx';
import { Input } from '../../../../../components/text-input.tsx';
import { PointsPrice } from '../../../../../features/mall/components/points-price.tsx';
import { TapCard } from '../../../../../features/mall/components/tap-card.tsx';
import { MALL } from '../../../../../features/mall/paths.ts';
import { useCheckout } from '../../../../../features/mall/stores/checkout.ts';
import { CardsSkeleton, ChoiceCard, PayBar } from '../../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed, SimMissingItem } from '../../../../../features/sim/components/page-state.tsx';
import { useRequireSim } from '../../../../../features/sim/use-require-sim.ts';
import { submissionKeys } from '../../../../../lib/idempotency.ts';
import { grouped, money } from '../../../../../lib/money.ts';
import { navigateTo, redirectTo } from '../../../../../lib/nav.ts';
import { ApiError } from '../../../../../lib/request.ts';
import { maskMobile, useSession } from '../../../../../lib/session.ts';

/** The address the order goes to: the one chosen on selectAddress, else the default. */
function chosenAddress(list: SimAddress[] | undefined, chosenId: number): SimAddress | null {
  if (!list) return null;
  return list.find((a) => a.id === chosenId) ?? list.find((a) => a.isDefault) ?? null;
}

function Confirm({ data }: { data: GoodsDetailsReply }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const g = data.goods;
  const checkout = useCheckout();
  const delivery: Delivery =
    checkout.delivery && g.deliveries.includes(checkout.delivery) ? checkout.delivery : (g.deliveries[0] ?? 'express');
  const addresses = useSimAddressList();
  const stores = useShopStores();
  const chosenId = useSession((s) => s.iotSimAddressId);
  const address = chosenAddress(addresses.data, chosenId);
  const store = stores.data?.find((s) => s.id === checkout.storeId) ?? null;
  const [busy, setBusy] = useState(false);
  const keyFor = useRef(submissionKeys()).current;

  const leftForCard = g.perCardLimit > 0 ? g.perCardLimit - g.bought : 99;
  const byPoints = g.points > 0 ? Math.floor(data.integral / g.points) : 99;
  const most = Math.max(1, Math.min(99, g.stock, leftForCard, byPoints));
  const quantity = Math.min(checkout.quantity, most);
  const points = g.points * quantity;
  const amount = g.price * quantity;
  const short = data.integral < points;

  const chooseAddress = () => {
    useSession.getState().setSelectAddressBackPath(`${pathname}${search}`);
    void navigateTo(addresses.data?.length ? MALL.selectAddress : MALL.editAddress);
  };

  const submit = async () => {
    if (delivery === 'express' && !address) {
      Toast.show({ content: t('mall.chooseAddressFirst') });
      return;
    }
    if (delivery === 'pickup' && !store) {
      Toast.show({ content: t('mall.chooseStoreFirst') });
      return;
    }
    const body = {
      goodsId: g.id,
      quantity,
      delivery,
      ...(delivery === 'express' ? { addressId: address?.id } : { storeId: store?.id }),
      ...(checkout.remark.trim() ? { remark: checkout.remark.trim() } : {}),
    };
    setBusy(true);
    try {
      const reply = await postBuyShopGoods(body, keyFor(body));
      useCheckout.getState().start(0);
      await invalidateMall(queryClient);
      const orderNo = reply.order.orderNo;
      if (reply.order.status === 'pending') await redirectTo(`${MALL.cashier}?orderNo=${orderNo}`);
      else {
        Toast.show({ icon: 'success', content: t('mall.redeemedOk') });
        await redirectTo(`${MALL.orderDetails}?orderNo=${orderNo}`);
      }
    } catch (error) {
      // request.ts told the holder why (sold out, points short, limit); the page shows fresh figures.
      if (!(error instanceof ApiError)) throw error;
      void invalidateMall(queryClient);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {g.deliveries.length > 1 ? (
        <section className="card" aria-label={t('mall.delivery.title')}>
          <h2 className="section-title sim-mb">{t('mall.delivery.title')}</h2>
          <div className="mall-delivery">
            {g.deliveries.map((d) => (
              <ChoiceCard
                key={d}
                name="delivery"
                compact
                checked={delivery === d}
                onSelect={() => checkout.update({ delivery: d })}
                testId={`delivery-${d}`}
              >
                <span className="choice-main">
                  <b>{t(`mall.delivery.${d}`)}</b>
                </span>
              </ChoiceCard>
            ))}
          </div>
        </section>
      ) : null}

      {delivery === 'express' ? (
        <TapCard
          className="card mall-where"
          label={address ? t('mall.changeAddress') : t('mall.addAddress')}
          onOpen={chooseAddress}
          testId="choose-address"
        >
          <EnvironmentOutline className="mall-where-icon" />
          {address ? (
            <span className="mall-where-main">
              <span className="mall-where-who">
                <b data-user-text>{address.name}</b> {maskMobile(address.mobile)}
              </span>
              <span className="mall-where-text" data-testid="chosen-address" data-user-text>
                {address.fullText}
              </span>
            </span>
          ) : (
            <span className="mall-where-main">
              <b>{t('mall.addAddress')}</b>
              <span className="muted">{t('mall.addAddressHint')}</span>
            </span>
          )}
          <RightOutline className="mall-where-arrow" />
        </TapCard>
      ) : (
        <TapCard
          className="card mall-where"
          label={t('mall.chooseStore')}
          onOpen={() => void navigateTo(MALL.storePoint)}
          testId="choose-store"
        >
          <ShopbagOutline className="mall-where-icon" />
          {store ? (
            <span className="mall-where-main">
              <b>{store.name}</b>
              <span className="mall-where-text">{store.address}</span>
            </span>
          ) : (
            <span className="mall-where-main">
              <b>{t('mall.chooseStore')}</b>
              <span className="muted">{t('mall.chooseStoreHint')}</span>
            </span>
          )}
          <RightOutline className="mall-where-arrow" />
        </TapCard>
      )}

      <section className="card">
        <div className="mall-order-goods">
          <img src={g.image} alt="" width={64} height={64} />
          <div className="mall-order-goods-main">
            <span className="mall-order-goods-name">{g.name}</span>
            <PointsPrice points={g.points} price={g.price} size="sm" />
          </div>
        </div>
        <div className="mall-row">
          <span>{t('mall.quantity')}</span>
          <NumberStepper
            min={1}
            max={most}
            value={quantity}
            onChange={(v) => checkout.update({ quantity: v })}
            label={t('mall.quantity')}
            less={t('mall.minusOne')}
            more={t('mall.plusOne')}
          />
        </div>
        <div className="mall-row">
          <label htmlFor="mall-remark">{t('mall.remark')}</label>
          <Input
            id="mall-remark"
            className="mall-remark"
            placeholder={t('mall.remarkHint')}
            maxLength={100}
            value={checkout.remark}
            onChange={(remark) => checkout.update({ remark })}
          />
        </div>
      </section>

      <section className="card">
        <div className="mall-row">
          <span>{t('mall.pointsToPay')}</span>
          <b data-testid="points-to-pay">{grouped(points)}</b>
        </div>
        <div className="mall-row">
          <span>{t('mall.pointsYouHave')}</span>
          <span className={short ? 'warn-text' : ''}>{grouped(data.integral)}</span>
        </div>
        {amount > 0 ? (
          <div className="mall-row">
            <span>{t('mall.moneyToPay')}</span>
            <b>{money(amount)}</b>
          </div>
        ) : null}
        {amount > 0 ? <p className="muted mall-note">{t('mall.moneyNote')}</p> : null}
      </section>

      <PayBar total={<PointsPrice points={points} price={amount} testId="order-total" />}>
        <button type="button" className="pay-bar-btn" disabled={busy || short} onClick={() => void submit()} data-testid="place-order">
          {short ? t('mall.blocked.pointsShort') : amount > 0 ? t('mall.submitAndPay') : t('mall.confirmRedeem')}
        </button>
      </PayBar>
    </>
  );
}

/** Order confirmation: delivery (address or pick-up point), quantity, remark and what it costs. */
export default function MallPaymentPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [search] = useSearchParams();
  const goodsId = Number(search.get('goodsId') ?? 0);
  const details = useGoodsDetails(goodsId);
  const start = useCheckout((s) => s.start);
  useEffect(() => {
    if (goodsId > 0) start(goodsId);
  }, [goodsId, start]);
  if (!loggedIn) return null;
  return (
    <div className="sim-page money-page mall-page" data-testid="mall-payment">
      {!(goodsId > 0) ? (
        <SimMissingItem title={t('mall.noGoodsChosen')} action={t('mall.toMall')} to={MALL.index} />
      ) : details.isError ? (
        <SimLoadFailed onRetry={() => void details.refetch()} />
      ) : details.data ? (
        <Confirm data={details.data} />
      ) : (
        <CardsSkeleton />
      )}
    </div>
  );
}
