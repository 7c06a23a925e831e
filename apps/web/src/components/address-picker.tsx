import './address-picker.css';
import type { Division } from '@simshop/contract/site';
import { type CascaderOption, CascaderView, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMunicipalDistricts, ROOT_DIVISION, useDivisions } from '../lib/divisions.ts';
import { currentLanguage } from '../lib/i18n.ts';

export interface PickedAddress {
  /** Province, city and county codes (a city without counties repeats its own code). */
  codes: [string, string, string];
  text: string;
}

const cityName = (city: Division, province: Division | undefined) =>
  isMunicipalDistricts(city.code) && province ? province.name : city.name;

const node = (d: Division, children?: CascaderOption[], label = d.name): CascaderOption => ({ label, value: d.code, children });

/**
 * Province / city / county cascade for a delivery address, loading each level from
 * /provinces/{code}.json as the buyer goes down.
 */
export function AddressPicker({
  visible,
  value,
  onClose,
  onConfirm,
}: {
  visible: boolean;
  value: string[];
  onClose: () => void;
  onConfirm: (picked: PickedAddress) => void;
}) {
  const { t } = useTranslation();
  const [path, setPath] = useState<string[]>(value);
  useEffect(() => {
    if (visible) setPath(value);
  }, [visible, value]);
  const [province = '', city = ''] = path;
  // A postal address is written with Chinese names (Traditional for a Traditional reader), as the courier reads it.
  const language = currentLanguage() === 'en' ? 'zh-Hans' : currentLanguage();
  const provinces = useDivisions(visible ? ROOT_DIVISION : undefined, language);
  const cities = useDivisions(province || undefined, language);
  const counties = useDivisions(city || undefined, language);

  const options = useMemo<CascaderOption[]>(
    () =>
      (provinces.data ?? []).map((p) =>
        node(
          p,
          p.code !== province || !cities.data
            ? []
            : cities.data.map((c) =>
                node(
                  c,
                  c.code !== city || !counties.data ? [] : counties.data.length ? counties.data.map((d) => node(d)) : undefined,
                  cityName(c, p),
                ),
              ),
        ),
      ),
    [provinces.data, cities.data, counties.data, province, city],
  );

  const nameOf = (list: Division[] | undefined, code: string) => list?.find((d) => d.code === code)?.name ?? '';
  const finish = (codes: [string, string, string]) => {
    const names = [nameOf(provinces.data, codes[0]), nameOf(cities.data, codes[1]), nameOf(counties.data, codes[2])];
    const text = names.filter((n, i) => n && !(i === 1 && isMunicipalDistricts(codes[1])) && (i < 2 || codes[2] !== codes[1])).join(' ');
    onConfirm({ codes, text });
  };

  const finishRef = useRef(finish);
  finishRef.current = finish;
  // A city without counties ends the cascade at the city.
  useEffect(() => {
    if (visible && path.length === 2 && city && counties.data && counties.data.length === 0) finishRef.current([province, city, city]);
  }, [visible, path.length, province, city, counties.data]);

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="address-popup" destroyOnClose>
      <div className="address-head">
        <span>{t('shop.address.title')}</span>
        <button type="button" aria-label={t('common.cancel')} onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      <CascaderView
        options={options}
        value={path}
        placeholder={t('shop.address.choose')}
        loading={provinces.isPending || (!!province && cities.isPending) || (!!city && counties.isPending)}
        onChange={(next, extend) => {
          const codes = next.map(String);
          setPath(codes);
          if (extend.isLeaf && codes.length === 3) finish([codes[0] ?? '', codes[1] ?? '', codes[2] ?? '']);
        }}
        style={{ '--height': '56vh' }}
      />
    </Popup>
  );
}
