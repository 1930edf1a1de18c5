/**
 * The form kit: every form is an antd Form whose field rules come from the
 * zod contracts the server parses the same body with, and whose server 422
 * lands on its fields. Resource forms take their props from Refine's useForm
 * (useResourceForm) or useModalForm (useDialogForm), which put the 422 on the
 * fields themselves and say other outcomes once (notifications.ts); other
 * calls use useFormSubmit. Every kit form is noValidate: the contract's rules say what is
 * wrong in the reader's language, where the browser's own bubbles (an e-mail or web address
 * field) would say it again in the browser's. The sign-in page stays off the kit to keep its page light.
 */
export { issueText, zodObjectRule, zodRule, zodRules } from "./zodRules";
export { showServerErrors } from "./serverErrors";
export { useFormSubmit, type FormSubmitOptions } from "./useFormSubmit";
export { useDialogForm, type DialogForm } from "./useDialogForm";
export { useResourceForm } from "./useResourceForm";
export { deleteNotifications, errorNotification, failureMessage, saidOnFields, successNotification, writeNotifications } from "./notifications";
export { FieldRow } from "./FieldRow";
export { ChoiceGroup } from "./ChoiceGroup";
