// The dialogs the deliveries card opens on a click, loaded apart from the order view's first screen.
export { CustomsFormDialog } from './customs-form-dialog';
export { DeliveryBoxesDialog } from './delivery-boxes-dialog';
export { LabelPreviewDialog } from './label-preview-dialog';
export { LabelPurchaseDialog } from './label-purchase-dialog';
