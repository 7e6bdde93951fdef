import type { WeightUnit } from './fake-shopify-wire.ts';

/**
 * What the fake shop sells and who buys it: an apparel and home-goods catalogue, customers' names, real US and
 * foreign places (street numbers invented, phone numbers in the fictional 555 ranges, e-mail at example domains),
 * and the shipping rates a Shopify store typically offers. Kept as tables so it reads like data.
 */

interface Product {
  title: string;
  sku: string;
  type: string;
  vendor: string;
  /** Cents. */
  price: number;
  weight: { unit: WeightUnit; value: number };
  /** How often it sells, relative to the others. */
  popularity: number;
  /** Each option's values as [label, SKU code]. */
  options: Array<Array<[string, string]>>;
  /** The inventory item's customs facts (Shopify's harmonizedSystemCode, countryCodeOfOrigin); null where unset. */
  hsCode: string | null;
  originCountry: string | null;
}

const rows = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()));

const words = (text: string) => text.trim().split(/\s*,\s*|\s*\n\s*/);

// title | SKU | product type | vendor | price (cents) | weight | popularity | options ("label=CODE, ..." ; next option)
const PRODUCTS = `
Classic Crew Tee               | TEE-CRW    | T-Shirts     | Northloop Supply  | 2800  | 6.2 OUNCES     | 14 | White=WHT, Black=BLK, Heather Grey=HGY, Navy=NVY; S=S, M=M, L=L, XL=XL
Heavyweight Pullover Hoodie    | HD-PUL     | Sweatshirts  | Northloop Supply  | 6800  | 1.4 POUNDS     | 9  | Oatmeal=OAT, Black=BLK, Forest=FOR; S=S, M=M, L=L, XL=XL
Slim Fit Chino                 | CH-SLM     | Pants        | Northloop Supply  | 7400  | 540 GRAMS      | 5  | Khaki=KHK, Olive=OLV, Navy=NVY; 30=30, 32=32, 34=34, 36=36
Linen Button-Up Shirt          | SH-LIN     | Shirts       | Northloop Supply  | 8800  | 240 GRAMS      | 5  | White=WHT, Sage=SGE, Sand=SND; S=S, M=M, L=L, XL=XL
Quilted Puffer Vest            | VS-PUF     | Outerwear    | Northloop Supply  | 12000 | 1.2 POUNDS     | 3  | Black=BLK, Navy=NVY; S=S, M=M, L=L, XL=XL
Merino Wool Beanie             | BN-MER     | Hats         | Northloop Supply  | 3200  | 85 GRAMS       | 7  | Charcoal=CHR, Rust=RST, Cream=CRM
Organic Cotton Socks (3-Pack)  | SK-ORG3    | Socks        | Northloop Supply  | 2200  | 180 GRAMS      | 9  | S/M=SM, L/XL=LX
Everyday Canvas Tote           | TT-CNV     | Bags         | Northloop Supply  | 3800  | 0.45 KILOGRAMS | 6  | Natural=NAT, Black=BLK
Leather Card Wallet            | WL-CRD     | Accessories  | Fieldnote Leather | 4500  | 60 GRAMS       | 4  | Tan=TAN, Black=BLK
Stoneware Coffee Mug 12 oz     | MG-STN-12  | Drinkware    | Kiln & Co.        | 2400  | 0.9 POUNDS     | 10 | Speckled White=SPW, Slate=SLT, Terracotta=TRC
Ceramic Pour-Over Set          | PO-CER     | Coffee & Tea | Kiln & Co.        | 5600  | 1.1 KILOGRAMS  | 4  |
Hand-Thrown Planter 6"         | PL-CER-6   | Planters     | Kiln & Co.        | 3600  | 2.4 POUNDS     | 3  | Matte White=MWT, Charcoal=CHR
Cast Iron Skillet 10"          | SKL-CI-10  | Cookware     | Hearth Goods      | 4900  | 5.1 POUNDS     | 3  |
Bamboo Cutting Board           | CB-BMB     | Kitchen      | Hearth Goods      | 3900  | 1.3 KILOGRAMS  | 4  | Medium=M, Large=L
Glass Storage Jar Set (3)      | JR-GLS-3   | Kitchen      | Hearth Goods      | 4400  | 2.2 POUNDS     | 3  |
Cotton Canvas Apron            | AP-CNV     | Kitchen      | Hearth Goods      | 3200  | 290 GRAMS      | 3  | Denim=DNM, Black=BLK
Linen Throw Pillow Cover 20x20 | PC-LIN-20  | Pillows      | Loomhouse         | 3400  | 210 GRAMS      | 6  | Oat=OAT, Sage=SGE, Charcoal=CHR
Wool Blend Throw Blanket       | TB-WOL     | Blankets     | Loomhouse         | 14500 | 1.6 KILOGRAMS  | 3  | Cream=CRM, Grey=GRY
Waffle Knit Bath Towel         | TW-WAF     | Bath         | Loomhouse         | 4200  | 700 GRAMS      | 5  | White=WHT, Stone=STN, Sage=SGE
Soy Wax Candle - Cedar & Sage  | CN-SOY-CDR | Candles      | Wick & Stone      | 2900  | 14 OUNCES      | 8  |
`;

// SKU | HS code | country of origin: what the shop set on its inventory items ("-" where it set nothing).
const CUSTOMS = new Map(
  rows(`
TEE-CRW    | 610910 | PT
HD-PUL     | 611020 | PT
CH-SLM     | 620342 | VN
SH-LIN     | 620520 | IN
VS-PUF     | 620193 | VN
BN-MER     | 650500 | IE
SK-ORG3    | 611595 | TR
TT-CNV     | 420222 | IN
WL-CRD     | 420232 | US
MG-STN-12  | 691200 | US
PO-CER     | 691200 | JP
PL-CER-6   | 691390 | -
SKL-CI-10  | 732111 | US
CB-BMB     | 441911 | CN
JR-GLS-3   | 701349 | -
AP-CNV     | 621142 | IN
PC-LIN-20  | 630499 | PT
TB-WOL     | 630120 | IE
TW-WAF     | 630260 | TR
CN-SOY-CDR | 340600 | US
`).map(([sku, hs, origin]) => [
    sku!,
    { hsCode: hs === '-' ? null : hs!, originCountry: origin === '-' ? null : origin! },
  ]),
);

export const CATALOGUE: readonly Product[] = rows(PRODUCTS).map(
  ([title, sku, type, vendor, price, weight, popularity, options]) => {
    const [value, unit] = weight!.split(' ');
    return {
      title: title!,
      sku: sku!,
      type: type!,
      vendor: vendor!,
      price: Number(price),
      weight: { unit: unit as WeightUnit, value: Number(value) },
      popularity: Number(popularity),
      options: options
        ? options.split(';').map((option) => words(option).map((pair) => pair.split('=') as [string, string]))
        : [],
      hsCode: CUSTOMS.get(sku!)?.hsCode ?? null,
      originCountry: CUSTOMS.get(sku!)?.originCountry ?? null,
    };
  },
);

export const FIRST_NAMES = words(`
  Emma, Liam, Olivia, Noah, Ava, Mateo, Sophia, Lucas, Isabella, Ethan, Mia, James, Amelia, Benjamin, Harper, Elijah,
  Evelyn, Daniel, Abigail, Henry, Priya, Arjun, Mei, Hiroshi, Sofia, Diego, Fatima, Omar, Chloe, Samuel, Grace, Leo,
  Zoe, Nathan, Aaliyah, Jamal, Hannah, Owen, Layla, Caleb, Nora, Isaac, Ruby, Theo, Maya, Julian`);

export const LAST_NAMES = words(`
  Smith, Johnson, Garcia, Martinez, Brown, Davis, Rodriguez, Wilson, Anderson, Thomas, Taylor, Moore, Jackson, Martin,
  Lee, Thompson, White, Harris, Clark, Lewis, Robinson, Walker, Young, Allen, King, Wright, Scott, Nguyen, Hill, Flores,
  Green, Adams, Nelson, Baker, Patel, Kim, Chen, Murphy, Rivera, Campbell, O'Brien, Schmidt, Okafor, Yamamoto,
  Kowalski, Haddad`);

export const COMPANIES = words(`
  Brightside Studio, Juniper & Pine Design, Harbor Street Dental, Copperleaf Consulting, Fern Hollow Florals,
  Northwind Architects`);

export const US_STREETS = words(`
  Maple Avenue, Oak Street, Cedar Lane, Main Street, Park Boulevard, Elm Street, Washington Street, Lincoln Avenue,
  Pine Street, Lakeview Drive, Highland Avenue, Sunset Boulevard, Church Street, Mill Road, Willow Way,
  Jefferson Avenue, River Road, Franklin Street, Prospect Place, Chestnut Street, 2nd Avenue, W 5th Street,
  Magnolia Drive, Broadway`);

export const UNITS = words('Apt 4B, Apt 12, Unit 305, Suite 210, Apt 2F, #7, Floor 3');

interface Place {
  city: string;
  provinceCode: string | null;
  province: string | null;
  zip: string;
  country: string;
  countryCode: string;
  /** The street, for places abroad (US addresses pick one of US_STREETS). */
  street: string | null;
  /** Germany and the Netherlands write the number after the street. */
  numberAfter: boolean;
  /** Phone digits before the last four. */
  phonePrefix: string;
  /** Sales tax or GST/HST the shop collects there, in basis points. */
  tax: number;
}

const place = ([city, code, province, zip, country, countryCode, street, phone, tax]: string[]): Place => ({
  city: city!,
  provinceCode: code || null,
  province: province || null,
  zip: zip!,
  country: country!,
  countryCode: countryCode!,
  street: street || null,
  numberAfter: countryCode === 'DE' || countryCode === 'NL',
  phonePrefix: phone!,
  tax: Number(tax),
});

// city | state code | state | ZIP | country | code | street | phone prefix | tax (basis points)
export const US_PLACES = rows(`
New York       | NY | New York       | 10011 | United States | US | | +1212555 | 888
Brooklyn       | NY | New York       | 11215 | United States | US | | +1718555 | 888
Austin         | TX | Texas          | 78704 | United States | US | | +1512555 | 825
Houston        | TX | Texas          | 77006 | United States | US | | +1713555 | 825
Denver         | CO | Colorado       | 80205 | United States | US | | +1303555 | 881
Seattle        | WA | Washington     | 98103 | United States | US | | +1206555 | 1035
Portland       | OR | Oregon         | 97209 | United States | US | | +1503555 | 0
Chicago        | IL | Illinois       | 60614 | United States | US | | +1312555 | 1025
San Francisco  | CA | California     | 94110 | United States | US | | +1415555 | 863
Los Angeles    | CA | California     | 90026 | United States | US | | +1323555 | 950
San Diego      | CA | California     | 92104 | United States | US | | +1619555 | 775
Phoenix        | AZ | Arizona        | 85004 | United States | US | | +1602555 | 860
Atlanta        | GA | Georgia        | 30307 | United States | US | | +1404555 | 890
Miami          | FL | Florida        | 33130 | United States | US | | +1305555 | 700
Orlando        | FL | Florida        | 32801 | United States | US | | +1407555 | 650
Nashville      | TN | Tennessee      | 37203 | United States | US | | +1615555 | 925
Boston         | MA | Massachusetts  | 02118 | United States | US | | +1617555 | 625
Philadelphia   | PA | Pennsylvania   | 19103 | United States | US | | +1215555 | 800
Minneapolis    | MN | Minnesota      | 55408 | United States | US | | +1612555 | 803
Columbus       | OH | Ohio           | 43215 | United States | US | | +1614555 | 750
Raleigh        | NC | North Carolina | 27601 | United States | US | | +1919555 | 725
Charlotte      | NC | North Carolina | 28202 | United States | US | | +1704555 | 725
Salt Lake City | UT | Utah           | 84111 | United States | US | | +1801555 | 775
Madison        | WI | Wisconsin      | 53703 | United States | US | | +1608555 | 550
Kansas City    | MO | Missouri       | 64108 | United States | US | | +1816555 | 885
New Orleans    | LA | Louisiana      | 70130 | United States | US | | +1504555 | 945
Boise          | ID | Idaho          | 83702 | United States | US | | +1208555 | 600
Burlington     | VT | Vermont        | 05401 | United States | US | | +1802555 | 700
Portland       | ME | Maine          | 04101 | United States | US | | +1207555 | 550
Anchorage      | AK | Alaska         | 99501 | United States | US | | +1907555 | 0
Honolulu       | HI | Hawaii         | 96813 | United States | US | | +1808555 | 471
Richmond       | VA | Virginia       | 23220 | United States | US | | +1804555 | 600
Ann Arbor      | MI | Michigan       | 48104 | United States | US | | +1734555 | 600
Albuquerque    | NM | New Mexico     | 87102 | United States | US | | +1505555 | 775
Omaha          | NE | Nebraska       | 68102 | United States | US | | +1402555 | 700
`).map(place);

export const PLACES_ABROAD = rows(`
Toronto    | ON  | Ontario          | M5V 2T6  | Canada         | CA | Queen Street West | +1416555 | 1300
Vancouver  | BC  | British Columbia | V6B 1A1  | Canada         | CA | Granville Street  | +1604555 | 1200
Montréal   | QC  | Quebec           | H2X 1Y4  | Canada         | CA | Rue Saint-Denis   | +1514555 | 1498
London     |     |                  | EC1V 9HX | United Kingdom | GB | Old Street        | +4420794 | 0
Manchester |     |                  | M1 1AE   | United Kingdom | GB | Oldham Street     | +4416149 | 0
Sydney     | NSW | New South Wales  | 2000     | Australia      | AU | George Street     | +6125550 | 0
Melbourne  | VIC | Victoria         | 3000     | Australia      | AU | Collins Street    | +6135550 | 0
Berlin     |     |                  | 10115    | Germany        | DE | Torstraße         | +4930901 | 0
Paris      |     |                  | 75011    | France         | FR | Rue Oberkampf     | +3314455 | 0
Amsterdam  |     |                  | 1015 CJ  | Netherlands    | NL | Prinsengracht     | +3120555 | 0
Dublin     | D   | Dublin           | D02 X285 | Ireland        | IE | Grafton Street    | +3531555 | 0
`).map(place);

export interface Rate {
  title: string;
  code: string;
  source: string;
  carrierIdentifier: string | null;
  /** Cents. */
  price: number;
  weight: number;
}

// title | code | source | carrier | price (cents) | how often chosen
const rates = (table: string): Rate[] =>
  rows(table).map(([title, code, source, carrier, price, weight]) => ({
    title: title!,
    code: code!,
    source: source!,
    carrierIdentifier: carrier || null,
    price: Number(price),
    weight: Number(weight),
  }));

export const US_RATES = rates(`
Standard Shipping     | Standard              | shopify      |        | 599  | 40
USPS Ground Advantage | usps_ground_advantage | usps         | usps   | 525  | 14
UPS Ground            | 03                    | ups_shipping | ups    | 949  | 16
USPS Priority Mail    | usps_priority_mail    | usps         | usps   | 895  | 12
Express Shipping      | Express               | shopify      |        | 1499 | 12
FedEx 2Day            | FEDEX_2_DAY           | fedex        | fedex  | 1950 | 6
`);

export const CANADA_RATES = rates(`
Canada Post Expedited Parcel | DOM.EP | canada_post  | canada_post | 1450 | 3
UPS Standard                 | 11     | ups_shipping | ups         | 1895 | 1
`);

export const WORLD_RATES = rates(`
International Standard | International Standard | shopify     |     | 1900 | 3
DHL Express Worldwide  | P                      | dhl_express | dhl | 3900 | 1
`);

/** Standard shipping is free from $75. */
export const FREE_SHIPPING: Rate = {
  title: 'Free Shipping',
  code: 'Free Shipping',
  source: 'shopify',
  carrierIdentifier: null,
  price: 0,
  weight: 0,
};
export const FREE_SHIPPING_FROM = 7500;

/** [code, percent off]. */
export const DISCOUNTS: ReadonlyArray<readonly [string, number]> = [
  ['WELCOME10', 10],
  ['SPRING15', 15],
  ['FRIENDS20', 20],
];

export const TAGS = words('gift, VIP, newsletter, instagram, first-order, priority, preorder');

export const NOTES = [
  'Please leave the package at the side door.',
  'This is a gift - please do not include the receipt.',
  'Ring the buzzer for unit 3, thanks!',
  'Can this ship before Friday?',
];
