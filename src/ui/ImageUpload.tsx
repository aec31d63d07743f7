/**
 * Image field for forms (product image): pick a JPEG/PNG under 2 MB, upload it at once, show a
 * preview. The value is the uploaded file URL.
 */
import { useState, type ReactNode } from 'react';
import { FileTrigger } from 'react-aria-components';
import { IMAGE_TYPES } from '../api/upload-rules.ts';
import { uploadImage } from '../api/upload.ts';
import { m } from '../paraglide/messages.js';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';

export interface ImageUploadProps {
  value: string | null | undefined;
  onChange: (url: string) => void;
  label?: ReactNode;
  isDisabled?: boolean;
  className?: string;
}

export function ImageUpload({ value, onChange, label, isDisabled, className }: ImageUploadProps) {
  const [busy, setBusy] = useState(false);
  const pick = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      const url = await uploadImage(file);
      if (url) onChange(url);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={cx('cd-field', 'cd-image-upload', className)}>
      {label && <span className="cd-field__label">{label}</span>}
      <div className="cd-image-upload__row">
        {value && <img className="cd-image-upload__preview" src={value} alt={m.upload_preview()} />}
        <div className="cd-image-upload__actions">
          <FileTrigger acceptedFileTypes={[...IMAGE_TYPES]} onSelect={(f) => void pick(f)}>
            <Button isDisabled={isDisabled} isLoading={busy}>
              {busy ? m.upload_uploading() : value ? m.upload_replace() : m.upload_choose()}
            </Button>
          </FileTrigger>
          <span className="cd-field__description">{m.upload_hint()}</span>
        </div>
      </div>
    </div>
  );
}
