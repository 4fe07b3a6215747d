import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import ArticleIcon from '@mui/icons-material/Article';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import BadgeIcon from '@mui/icons-material/Badge';
import BlockIcon from '@mui/icons-material/Block';
import CategoryIcon from '@mui/icons-material/Category';
import CommentIcon from '@mui/icons-material/Comment';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import HubIcon from '@mui/icons-material/Hub';
import InventoryIcon from '@mui/icons-material/Inventory';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MailIcon from '@mui/icons-material/Mail';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PeopleIcon from '@mui/icons-material/People';
import PercentIcon from '@mui/icons-material/Percent';
import PolicyIcon from '@mui/icons-material/Policy';
import QuizIcon from '@mui/icons-material/Quiz';
import RateReviewIcon from '@mui/icons-material/RateReview';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SpellcheckIcon from '@mui/icons-material/Spellcheck';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { useMemo } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AuditLogList } from './audit/AuditLogList.tsx';
import { BlogSettingsEdit, CommentList } from './blog/CommentScreens.tsx';
import { PostCreate, PostEdit, PostList } from './blog/PostScreens.tsx';
import { CategoryCreate, CategoryEdit, CategoryList } from './catalog/CategoryScreens.tsx';
import { ProductEdit } from './catalog/ProductEdit.tsx';
import { ProductCreate, ProductList } from './catalog/ProductList.tsx';
import { ReviewList } from './catalog/ReviewScreens.tsx';
import { StockAlertList } from './catalog/StockAlertList.tsx';
import {
  ConceptCreate,
  ConceptEdit,
  ConceptList,
  SynonymCreate,
  SynonymEdit,
  SynonymList,
} from './catalog/SynonymScreens.tsx';
import { ContactMessageShow } from './content/ContactMessageShow.tsx';
import { ContactInfoEdit, ContactMessageList } from './content/ContactScreens.tsx';
import { DocumentCreate, DocumentEdit, DocumentList } from './content/DocumentScreens.tsx';
import { FaqCreate, FaqEdit, FaqList } from './content/FaqScreens.tsx';
import { HomePageEdit } from './content/HomePageEdit.tsx';
import { SiteSettingsEdit } from './content/SiteSettingsEdit.tsx';
import { CustomerList, CustomerShow } from './customers/CustomerScreens.tsx';
import { StaffCreate, StaffEdit, StaffList } from './customers/StaffScreens.tsx';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { DiscountCreate, DiscountEdit, DiscountList } from './discounts/DiscountScreens.tsx';
import { i18nProvider } from './i18n.ts';
import { LoginPage } from './LoginPage.tsx';
import { OwnerOnly } from './layout/OwnerOnly.tsx';
import { ProfileEdit } from './layout/ProfileEdit.tsx';
import { ShopLayout } from './layout/ShopLayout.tsx';
import { ShopNotification } from './layout/ShopNotification.tsx';
import { adminTheme } from './layout/theme.ts';
import { createApi } from './lib/api.ts';
import { createAuthProvider } from './lib/authProvider.ts';
import { createDataProvider } from './lib/dataProvider.ts';
import { createSessionStore } from './lib/session.ts';
import { AbandonedCartList } from './orders/AbandonedCartList.tsx';
import { OrderList } from './orders/OrderList.tsx';
import { OrderShow } from './orders/OrderShow.tsx';
import { ReturnCreate, ReturnList, ReturnShow } from './returns/ReturnScreens.tsx';
import { CurrencySettingsEdit } from './settings/CurrencySettingsEdit.tsx';
import { MailSettingsEdit } from './settings/MailSettingsEdit.tsx';
import { PaymentSettingsEdit } from './settings/PaymentSettingsEdit.tsx';
import {
  ShippingRestrictionCreate,
  ShippingRestrictionEdit,
  ShippingRestrictionList,
} from './shipping/ShippingRestrictionScreens.tsx';
import { ShippingZoneCreate, ShippingZoneEdit, ShippingZoneList } from './shipping/ShippingZoneScreens.tsx';
import { TaxRateCreate, TaxRateEdit, TaxRateList } from './tax/TaxScreens.tsx';

/** The administration under /admin: orders, catalog and content for staff; payment settings and the audit log for the owner too. */
export function App({ tenantToken }: { tenantToken: string }) {
  const { authProvider, dataProvider } = useMemo(() => {
    const session = createSessionStore(window.localStorage);
    const api = createApi({ tenantToken, session });
    return { authProvider: createAuthProvider(api, session), dataProvider: createDataProvider(api) };
  }, [tenantToken]);

  return (
    // react-admin under a sub-path: its routes below /admin/*, and its links prefixed with the basename.
    <BrowserRouter>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <Admin
              basename="/admin"
              title="Administration"
              layout={ShopLayout}
              notification={ShopNotification}
              theme={adminTheme}
              dataProvider={dataProvider}
              authProvider={authProvider}
              i18nProvider={i18nProvider}
              dashboard={Dashboard}
              loginPage={LoginPage}
              accessDenied={OwnerOnly}
              disableTelemetry
            >
              <CustomRoutes>
                <Route path="/profile" element={<ProfileEdit />} />
              </CustomRoutes>
              <Resource
                name="orders"
                list={OrderList}
                show={OrderShow}
                icon={ShoppingCartIcon}
                recordRepresentation="number"
              />
              <Resource
                name="abandoned-carts"
                list={AbandonedCartList}
                icon={RemoveShoppingCartIcon}
                options={{ label: 'Carts left behind' }}
              />
              <Resource
                name="returns"
                list={ReturnList}
                show={ReturnShow}
                create={ReturnCreate}
                icon={AssignmentReturnIcon}
                options={{ label: 'Returns' }}
              />
              <Resource
                name="products"
                list={ProductList}
                create={ProductCreate}
                edit={ProductEdit}
                icon={InventoryIcon}
                recordRepresentation="name"
              />
              <Resource
                name="stock-alerts"
                list={StockAlertList}
                icon={NotificationsActiveIcon}
                options={{ label: 'Back-in-stock alerts' }}
              />
              <Resource
                name="categories"
                list={CategoryList}
                create={CategoryCreate}
                edit={CategoryEdit}
                icon={CategoryIcon}
                recordRepresentation="name"
              />
              <Resource
                name="posts"
                list={PostList}
                create={PostCreate}
                edit={PostEdit}
                icon={ArticleIcon}
                recordRepresentation="title"
                options={{ label: 'Blog posts' }}
              />
              <Resource name="reviews" list={ReviewList} icon={RateReviewIcon} options={{ label: 'Reviews' }} />
              <Resource
                name="synonyms"
                list={SynonymList}
                create={SynonymCreate}
                edit={SynonymEdit}
                icon={SpellcheckIcon}
                options={{ label: 'Search synonyms' }}
              />
              <Resource
                name="concepts"
                list={ConceptList}
                create={ConceptCreate}
                edit={ConceptEdit}
                icon={HubIcon}
                options={{ label: 'Search concepts' }}
              />
              <Resource name="discounts" list={DiscountList} create={DiscountCreate} edit={DiscountEdit} />
              <Resource
                name="shipping-zones"
                list={ShippingZoneList}
                create={ShippingZoneCreate}
                edit={ShippingZoneEdit}
                icon={LocalShippingIcon}
                recordRepresentation="name"
                options={{ label: 'Shipping zones' }}
              />
              <Resource
                name="shipping-restrictions"
                list={ShippingRestrictionList}
                create={ShippingRestrictionCreate}
                edit={ShippingRestrictionEdit}
                icon={BlockIcon}
                options={{ label: 'Shipping restrictions' }}
              />
              <Resource
                name="tax-rates"
                list={TaxRateList}
                create={TaxRateCreate}
                edit={TaxRateEdit}
                icon={PercentIcon}
                recordRepresentation="name"
                options={{ label: 'Tax' }}
              />
              <Resource
                name="currency-settings"
                list={CurrencySettingsEdit}
                icon={CurrencyExchangeIcon}
                options={{ label: 'Currencies' }}
              />
              <Resource
                name="customers"
                list={CustomerList}
                show={CustomerShow}
                icon={PeopleIcon}
                recordRepresentation="email"
              />
              <Resource name="comments" list={CommentList} icon={CommentIcon} options={{ label: 'Comments' }} />
              <Resource
                name="blog-settings"
                list={BlogSettingsEdit}
                icon={SettingsIcon}
                options={{ label: 'Blog settings' }}
              />
              <Resource
                name="faqs"
                list={FaqList}
                create={FaqCreate}
                edit={FaqEdit}
                icon={QuizIcon}
                recordRepresentation="question"
                options={{ label: 'FAQs' }}
              />
              <Resource
                name="documents"
                list={DocumentList}
                create={DocumentCreate}
                edit={DocumentEdit}
                icon={PolicyIcon}
                recordRepresentation="title"
                options={{ label: 'Policies' }}
              />
              <Resource name="home-page" list={HomePageEdit} icon={HomeIcon} options={{ label: 'Home page' }} />
              <Resource
                name="site-settings"
                list={SiteSettingsEdit}
                icon={StorefrontIcon}
                options={{ label: 'Site settings' }}
              />
              <Resource
                name="contact-info"
                list={ContactInfoEdit}
                icon={ContactPhoneIcon}
                options={{ label: 'Contact information' }}
              />
              <Resource
                name="contact-messages"
                list={ContactMessageList}
                show={ContactMessageShow}
                icon={MailIcon}
                options={{ label: 'Contact messages' }}
              />
              <Resource
                name="payment-settings"
                list={PaymentSettingsEdit}
                icon={AccountBalanceIcon}
                options={{ label: 'Payment settings' }}
              />
              <Resource
                name="mail-settings"
                list={MailSettingsEdit}
                icon={AlternateEmailIcon}
                options={{ label: 'Mail settings' }}
              />
              <Resource
                name="staff"
                list={StaffList}
                create={StaffCreate}
                edit={StaffEdit}
                icon={BadgeIcon}
                recordRepresentation="email"
                options={{ label: 'Staff' }}
              />
              <Resource name="audit-log" list={AuditLogList} icon={HistoryIcon} options={{ label: 'Audit log' }} />
            </Admin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
