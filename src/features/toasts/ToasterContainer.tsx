import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { selectToasts } from '../../../machines/toastMachine';
import { useServices } from '../../services/context';
import { ToasterView } from './ToasterView';

/** SPEC §9: the F8 hotkey focuses the notification region from anywhere. */
export const TOASTER_HOTKEY = 'F8';

/** The app-wide notification region, mounted once by the shell. */
export default function ToasterContainer() {
  const { toasts } = useServices();
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOASTER_HOTKEY || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      region.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return <ToasterView toasts={useSelector(toasts, selectToasts)} onDismiss={(id) => toasts.send({ type: 'toast.dismiss', id })} regionRef={region} />;
}
