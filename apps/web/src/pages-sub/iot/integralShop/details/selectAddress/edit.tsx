import type { SimAddress } from '@simshop/contract/mall';
import { isMobile } from '@simshop/contract/validate';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AddressPicker } from '../../../../../components/address-picker.tsx';
import { postDelSimAddress } from '../../../../../features/mall/api/del-sim-address.ts';
import { postSetSimAddress } from '../../../../../features/mall/api/set-sim-address.ts';
import { simAddressListQuery, useSimAddressList } from '../../../../../features/mall/api/sim-address-list.ts';
import { Dialog } from '../../../../../lib/feedback.ts';
import '../../../../../features/mall/components/mall.css';
import { TextArea } from '../../../../../components/text-area.tsx';
import { Input } from '../../../../../components/text-input.tsx';
import { CardsSkeleton } from '../../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed } from '../../../../../features/sim/components/page-state.tsx';
import { useRequireSim } from '../../../../../features/sim/use-require-sim.ts';
import { navigateBack } from '../../../../../lib/nav.ts';
import { useSession } from '../../../../../lib/session.ts';

interface Values {
  name: string;
  mobile: string;
  detail: string;
  isDefault: boolean;
}

function AddressForm({ address, fromList }: { address: SimAddress | null; fromList: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [region, setRegion] = useState<{ codes: string[]; text: string }>(() =>
    address ? { codes: [address.province, address.city, address.county], text: address.regionText } : { codes: [], text: '' },
  );
  const [pickerOpen, setPickerOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const listKey = simAddressListQuery(useSession.getState().simNo).queryKey;

  const save = async (v: Values) => {
    if (region.codes.length !== 3) {
      form.setFields([{ name: 'detail', errors: [t('mall.address.regionRequired')] }]);
      return;
    }
    const [province = '', city = '', county = ''] = region.codes;
    setBusy(true);
    try {
      const saved = await postSetSimAddress({
        ...(address ? { id: address.id } : {}),
        name: v.name.trim(),
        mobile: v.mobile.trim(),
        province,
        city,
        county,
        detail: v.detail.trim(),
        isDefault: v.isDefault,
      });
      await queryClient.invalidateQueries({ queryKey: listKey });
      // A new address made while placing an order is the one the order goes to: straight back to it.
      const session = useSession.getState();
      if (!address && session.selectAddressBackPath) {
        session.setIotSimAddressId(saved.id);
        session.setSelectAddressBackPath('');
        await navigateBack(fromList ? 2 : 1);
      } else await navigateBack();
    } catch {
      // request.ts showed the refusal, naming the field.
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!address) return;
    const sure = await Dialog.confirm({
      content: t('mall.address.deleteConfirm'),
      confirmText: t('mall.address.delete'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    const left = await postDelSimAddress(address.id);
    queryClient.setQueryData(listKey, left);
    await navigateBack();
  };

  return (
    <>
      <Form
        form={form}
        layout="horizontal"
        mode="card"
        requiredMarkStyle="none"
        initialValues={{
          name: address?.name ?? '',
          mobile: address?.mobile ?? '',
          detail: address?.detail ?? '',
          isDefault: address?.isDefault ?? false,
        }}
        onFinish={(v) => void save(v)}
        footer={
          <>
            <button type="submit" className="sim-primary-btn" disabled={busy} data-testid="save-address">
              {t('mall.address.save')}
            </button>
            {address ? (
              <button type="button" className="sim-ghost-btn" onClick={() => void remove()}>
                {t('mall.address.delete')}
              </button>
            ) : null}
          </>
        }
      >
        <Form.Item name="name" label={t('mall.address.name')} rules={[{ required: true, min: 2, message: t('mall.address.nameRequired') }]}>
          <Input placeholder={t('mall.address.nameHint')} maxLength={20} autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="mobile"
          label={t('mall.address.mobile')}
          validateTrigger="onBlur"
          rules={[
            { required: true, message: t('mall.address.mobileRequired') },
            {
              validator: async (_rule, value: string | undefined) => {
                if (value && !isMobile(value.trim())) throw new Error(t('mall.address.mobileInvalid'));
              },
            },
          ]}
        >
          <Input type="tel" inputMode="numeric" placeholder={t('mall.address.mobileHint')} maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item label={t('mall.address.region')} onClick={() => setPickerOpen(true)} arrowIcon>
          <button type="button" className={`mall-region${region.text ? '' : ' empty'}`} data-testid="pick-region">
            {region.text || t('mall.address.regionHint')}
          </button>
        </Form.Item>
        <Form.Item
          name="detail"
          label={t('mall.address.detail')}
          rules={[{ required: true, min: 4, message: t('mall.address.detailRequired') }]}
        >
          <TextArea placeholder={t('mall.address.detailHint')} maxLength={120} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        <Form.Item name="isDefault" label={t('mall.address.asDefault')} valuePropName="checked" childElementPosition="right">
          <Switch aria-label={t('mall.address.asDefault')} />
        </Form.Item>
      </Form>
      <AddressPicker
        visible={pickerOpen}
        value={region.codes}
        onClose={() => setPickerOpen(false)}
        onConfirm={(picked) => {
          setRegion({ codes: picked.codes, text: picked.text });
          setPickerOpen(false);
        }}
      />
    </>
  );
}

/** Add a delivery address (no id) or change one (?id=). */
export default function EditAddressPage() {
  const loggedIn = useRequireSim();
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? 0);
  const list = useSimAddressList();
  if (!loggedIn) return null;
  const address = id > 0 ? (list.data?.find((a) => a.id === id) ?? null) : null;
  return (
    <div className="sim-page money-page mall-page" data-testid="mall-address-edit">
      {id > 0 && list.isError ? (
        <SimLoadFailed onRetry={() => void list.refetch()} />
      ) : id > 0 && !list.data ? (
        <CardsSkeleton count={1} />
      ) : (
        <AddressForm key={address?.id ?? 0} address={address} fromList={search.get('from') === 'list'} />
      )}
    </div>
  );
}
