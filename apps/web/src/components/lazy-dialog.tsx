import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyChunk } from '../lib/chunk-load.ts';
import { afterNextPaint } from '../lib/use-after-paint.ts';
import { FullScreenSpinner } from './full-screen-spinner.tsx';

/**
 * A dialog whose code stays out of its screen's first page (design §7): it loads once the
 * screen has painted, so that it is there (offline too) by the time it is asked for, and a
 * spinner names the wait if it is opened before. Mounted from its first opening on, as it
 * would be otherwise: its closing transition, its state and the focus it gives back on closing
 * are the dialog's own.
 */
export function lazyDialog<T, P extends object>(
  name: string,
  importer: () => Promise<T>,
  pick: (module: T) => ComponentType<P>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazyChunk(name, importer, pick);
  return function LazyDialog(props: P) {
    const { t } = useTranslation();
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    useEffect(() => afterNextPaint(() => Dialog.preload()), []);
    if (!opened) return null;
    return (
      <Suspense fallback={<FullScreenSpinner open label={t('common.loading')} />}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
