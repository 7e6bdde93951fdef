import AssignmentLateOutlined from '@mui/icons-material/AssignmentLateOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { hrefs } from '@/config/paths';
import type { OrderTile } from './order-tiles';

/**
 * The parcel tiles (docs/tracking.md, "Problems and the dashboard"), drawn like the order tiles from the answer's
 * `deliveryCounts`, compared with the same part of the previous period.
 */
export const DELIVERY_TILES: readonly OrderTile[] = [
  {
    title: 'Delivered On Time',
    href: hrefs.ordersByDelivery('delivered'),
    risingIsGood: true,
    icon: TaskAltOutlined,
    caption: 'Delivered by the promised day',
    definition:
      'Parcels the carrier delivered in this period on or before the day it promised (in your time zone), or ' +
      'with no promised day.',
  },
  {
    title: 'Delivered Late',
    href: hrefs.ordersByDelivery('delivered'),
    risingIsGood: false,
    icon: AssignmentLateOutlined,
    caption: 'Delivered after the promised day',
    definition: 'Parcels the carrier delivered in this period after the last day it promised (in your time zone).',
  },
  {
    title: 'Exceptions',
    href: hrefs.problems(),
    risingIsGood: false,
    icon: ReportProblemOutlined,
    caption: 'Held up in this period',
    definition:
      'Parcels whose carrier reported an exception in this period (a notice left, damaged, held at customs), ' +
      'whatever they did after. The Problems page lists the ones still open.',
  },
];
