export { useUnits } from './use-units';
export { LengthField, WeightField } from './unit-fields';
export {
  boxSizesText,
  readingText,
  storedValue,
  unitResult,
  unitText,
  type Quantity,
  type UnitValue,
} from './unit-value';
