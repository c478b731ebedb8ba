// What screens import to raise a toast: the queue only, so no screen loads Radix's toast
// component for it. The component itself (Toaster, in ./toaster) is mounted once by the app.
export {
  dismissToast,
  toast,
  TOAST_DURATION_MS,
  useCurrentToast,
  type ToastMessage,
} from './toast-store';
