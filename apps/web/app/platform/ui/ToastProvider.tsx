import { TOAST_AUTO_CLOSE_MS } from "@stoa/contract";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "../i18n/translation.tsx";
import { CloseIcon } from "./icons.tsx";

export type ToastTone = "info" | "success" | "error";
type Toast = { id: number; message: string; tone: ToastTone };
type ToastApi = { showToast: (message: string, tone?: ToastTone) => void };

const ToastContext = createContext<ToastApi | null>(null);

const TONES: Record<ToastTone, string> = {
  info: "bg-stone-900 text-white",
  success: "bg-emerald-700 text-white",
  error: "bg-red-700 text-white",
};

function ToastItem({ toast, onDone }: { toast: Toast; onDone: (id: number) => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => onDone(toast.id), TOAST_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDone]);
  return (
    <li
      className={`surface-dark pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl px-4 py-3 text-sm shadow-lg ${TONES[toast.tone]}`}
    >
      <p className="flex-1 leading-6">{toast.message}</p>
      <button
        type="button"
        onClick={() => onDone(toast.id)}
        className="-me-1 rounded-md p-1 opacity-80 hover:opacity-100"
        aria-label={t("toast.dismiss")}
      >
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}

/** Short notices at the bottom of the screen; they close by themselves after 2 s (spec §2). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const showToast = useCallback((message: string, tone: ToastTone = "info") => {
    const id = nextId.current++;
    setToasts((all) => [...all, { id, message, tone }]);
  }, []);
  const api = useMemo(() => ({ showToast }), [showToast]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        aria-label={t("toast.region")}
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4"
      >
        <ol className="flex w-full flex-col items-center gap-2">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDone={dismiss} />
          ))}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside ToastProvider");
  return api;
}
