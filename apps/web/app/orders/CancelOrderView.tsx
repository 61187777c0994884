import { cancelOrderBodySchema, type Order } from "@stoa/contract";
import { AccountViewFrame } from "../account/AccountViewFrame.tsx";
import { SubmitButton } from "../account/FormButtons.tsx";
import { TextAreaField } from "../account/FormFields.tsx";
import { FormAlert } from "../account/FormMessages.tsx";
import { useAccountForm } from "../account/use-account-form.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { useToast } from "../platform/ui/ToastProvider.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../shell/modal/modal-ids.ts";

/**
 * CANCEL_ORDER: the confirmation before an order is cancelled, with an optional reason. Keeping the
 * order is the first choice, so Enter on an untouched dialog does no harm.
 */
export function CancelOrderView({
  order,
  action,
}: {
  order: Pick<Order, "id" | "orderNumber" | "payment_gateway">;
  action: string;
}) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { showToast } = useToast();
  const form = useAccountForm(() => {
    showToast(t("orders.cancel.done", { number: order.orderNumber }), "success");
    closeModal();
  });
  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t("orders.cancel.title", { number: order.orderNumber })}
      subtitle={t(order.payment_gateway === "test-card" ? "orders.cancel.text-card" : "orders.cancel.text")}
    >
      <form.fetcher.Form
        method="post"
        action={action}
        noValidate
        onSubmit={form.validated(cancelOrderBodySchema, ["orderId", "reason"])}
        className="space-y-5"
        data-cancel-form
      >
        <FormAlert failure={form.alert} onClose={form.dismiss} />
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="orderId" value={order.id} />
        <TextAreaField
          label={t("orders.cancel.reason")}
          hint={t("orders.cancel.reason-hint")}
          name="reason"
          errors={form.errors}
          maxLength={500}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <button
            type="button"
            onClick={closeModal}
            className={`${buttonClass.secondary} w-full`}
            data-autofocus
          >
            {t("orders.cancel.keep")}
          </button>
          <SubmitButton busy={form.busy} tone="danger">
            {t("orders.cancel.confirm")}
          </SubmitButton>
        </div>
      </form.fetcher.Form>
    </AccountViewFrame>
  );
}
