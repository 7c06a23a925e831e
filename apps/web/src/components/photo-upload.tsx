import './photo-upload.css';
import type { UploadPurpose } from '@simshop/contract/uploads';
import { SpinLoading } from 'antd-mobile';
import { AddOutline, CheckCircleFill } from 'antd-mobile-icons';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../lib/upload.ts';

/**
 * A photo slot: tap to choose a picture (camera or album), it is uploaded at once and previewed;
 * `onChange` receives the uploaded file's id (or '' while none).
 */
export function PhotoUpload({
  url,
  purpose,
  label,
  onChange,
}: {
  url: '/api/iot/upload' | '/api/shop/upload';
  purpose: UploadPurpose;
  label: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [preview, setPreview] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    onChange('');
    try {
      const saved = await uploadImage(url, file, purpose);
      setPreview(URL.createObjectURL(file));
      onChange(saved.id);
    } catch {
      setPreview('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <label className="photo-upload" htmlFor={inputId} data-testid={`photo-${purpose}`}>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="photo-upload-input"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <span className="photo-upload-box">
        {preview ? <img src={preview} alt={label} /> : <AddOutline fontSize={28} />}
        {busy ? (
          <span className="photo-upload-busy">
            <SpinLoading style={{ '--size': '24px' }} />
          </span>
        ) : null}
        {preview && !busy ? <CheckCircleFill className="photo-upload-ok" aria-label={t('upload.done')} /> : null}
      </span>
      <span className="photo-upload-label">{label}</span>
    </label>
  );
}
