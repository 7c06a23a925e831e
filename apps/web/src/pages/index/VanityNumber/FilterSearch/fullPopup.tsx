import { Popup, SideBar, Skeleton } from 'antd-mobile';
import { CheckOutline, CloseOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMunicipalDistricts, ROOT_DIVISION, useDivisions } from '../../../../lib/divisions.ts';
import type { Region } from './types.ts';

const ALL = 'all';

/**
 * The region chooser: provinces on the left, their cities on the right (from /provinces/{code}.json),
 * "all regions" and "all of a province" included.
 */
export function FullPopup({
  visible,
  value,
  onClose,
  onSelect,
}: {
  visible: boolean;
  value: Region | null;
  onClose: () => void;
  onSelect: (region: Region | null) => void;
}) {
  const { t } = useTranslation();
  const [province, setProvince] = useState<string>(value?.province || ALL);
  useEffect(() => {
    if (visible) setProvince(value?.province || ALL);
  }, [visible, value?.province]);
  const provinces = useDivisions(visible ? ROOT_DIVISION : undefined);
  const cities = useDivisions(visible && province !== ALL ? province : undefined);
  const provinceName = provinces.data?.find((p) => p.code === province)?.name ?? '';

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="region-popup" destroyOnClose>
      <div className="region-head">
        <span className="filter-sheet-title">{t('shop.filter.regionTitle')}</span>
        <button type="button" className="region-close" aria-label={t('common.cancel')} onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      <div className="region-body">
        <SideBar activeKey={province} onChange={setProvince} style={{ '--width': '120px' }}>
          <SideBar.Item key={ALL} title={t('shop.filter.allRegions')} />
          {(provinces.data ?? []).map((p) => (
            <SideBar.Item key={p.code} title={p.name} />
          ))}
        </SideBar>
        <div className="region-cities">
          {province === ALL ? (
            <button type="button" className={`region-city${value ? '' : ' on'}`} onClick={() => onSelect(null)}>
              {t('shop.filter.allRegions')}
              {value ? null : <CheckOutline />}
            </button>
          ) : cities.isLoading ? (
            <Skeleton.Paragraph lineCount={6} animated />
          ) : (
            <>
              <button
                type="button"
                className={`region-city${value?.province === province && !value.city ? ' on' : ''}`}
                onClick={() => onSelect({ province, provinceName, city: '', cityName: '' })}
              >
                {t('shop.filter.wholeProvince', { name: provinceName })}
                {value?.province === province && !value.city ? <CheckOutline /> : null}
              </button>
              {(cities.data ?? []).map((c) => {
                const on = value?.city === c.code;
                const name = isMunicipalDistricts(c.code) ? provinceName : c.name;
                return (
                  <button
                    key={c.code}
                    type="button"
                    className={`region-city${on ? ' on' : ''}`}
                    onClick={() => onSelect({ province, provinceName, city: c.code, cityName: name })}
                  >
                    {name}
                    {on ? <CheckOutline /> : null}
                  </button>
                );
              })}
            </>
          )}
        </div>
      </div>
    </Popup>
  );
}
