/** Seed catalogue: coaches, shops, labels, course/class/goods tables the seeder expands. */

export interface SeedCoach {
  phone: string;
  name: string;
  styles: string[];
  years: number;
  city: string;
  title: string;
  intro: string;
}

/** The first one is the demo coach account (13800000002). */
export const COACHES: SeedCoach[] = [
  { phone: '13800000002', name: '陈师傅', styles: ['太极拳', '八卦掌'], years: 22, city: '北京', title: '陈式太极拳第十二代传人', intro: '自幼随父习练陈式太极拳，从教二十余年，擅长太极拳基本功、推手和老架一路教学，学员遍布全国。' },
  { phone: '13800000102', name: '黄志坚', styles: ['咏春拳'], years: 15, city: '佛山', title: '咏春拳传承人', intro: '佛山咏春拳馆主理人，注重结构与实战结合，小念头、寻桥、标指三套拳法讲解细致。' },
  { phone: '13800000103', name: '赵刚', styles: ['散打', '防身术'], years: 12, city: '上海', title: '国家一级散打运动员', intro: '曾获全国散打锦标赛 70 公斤级亚军，退役后从事青少年与成人散打教学，擅长步法和组合拳训练。' },
  { phone: '13800000104', name: '释延明', styles: ['少林拳', '基本功'], years: 18, city: '郑州', title: '少林武术馆总教练', intro: '少林寺俗家弟子，精通少林小洪拳、罗汉拳和棍术，重视基本功与武德教育。' },
  { phone: '13800000105', name: '吴振海', styles: ['八极拳'], years: 20, city: '沧州', title: '沧州八极拳研究会理事', intro: '出身武术世家，主攻八极拳小架与六大开，讲解发力原理清楚，适合有一定基础的学员进阶。' },
  { phone: '13800000106', name: '孙雅婷', styles: ['形意拳', '养生'], years: 10, city: '天津', title: '形意拳教练', intro: '师从天津形意拳名家，擅长五行拳和三体式站桩教学，开设面向女性和上班族的养生形意课程。' },
  { phone: '13800000107', name: '李振宇', styles: ['截拳道', '防身术'], years: 9, city: '深圳', title: '截拳道教练', intro: '长期研习截拳道理念与训练方法，课程注重实用防身、反应速度和体能，深受年轻学员欢迎。' },
  { phone: '13800000108', name: '刘静', styles: ['太极拳', '养生'], years: 14, city: '杭州', title: '二十四式太极拳推广教练', intro: '专注中老年与零基础学员教学，二十四式、四十二式太极拳讲解循序渐进，重视呼吸和关节保护。' },
  { phone: '13800000109', name: '马俊峰', styles: ['少林拳', '少儿'], years: 11, city: '成都', title: '少儿武术教练', intro: '从事少儿武术教学十余年，课程融入游戏与礼仪教育，帮助孩子强身健体、培养专注力。' },
  { phone: '13800000110', name: '周文彬', styles: ['八卦掌', '形意拳'], years: 16, city: '北京', title: '八卦掌研究会会员', intro: '主攻程派八卦掌，走转、换掌讲解细致，同时教授形意拳基础，适合喜欢内家拳的学员。' },
  { phone: '13800000111', name: '何家豪', styles: ['咏春拳', '防身术'], years: 8, city: '广州', title: '咏春拳教练', intro: '广州咏春拳馆教练，擅长黐手教学和女子防身课程，课堂气氛轻松，讲解通俗易懂。' },
  { phone: '13800000112', name: '杨帆', styles: ['散打', '基本功'], years: 7, city: '西安', title: '散打体能教练', intro: '体育学院武术专业毕业，擅长散打体能训练和柔韧拉伸，帮助学员打好身体基础、预防运动损伤。' },
];

export interface SeedShop {
  phone: string;
  name: string;
  city: string;
  intro: string;
  /** What the shop is known for (`shops.labels`; the site search finds the shop by them). */
  labels: string[];
}

/** The first one is the demo shop owner (13800000003). */
export const SHOPS: SeedShop[] = [
  { phone: '13800000003', name: '武当山货铺', city: '十堰', intro: '武当山脚下的老字号，主营太极服、太极剑和武当文化用品。', labels: ['太极剑', '太极服', '武当'] },
  { phone: '13800000203', name: '少林武术用品店', city: '登封', intro: '专注少林武术用品二十年，练功服、棍、护具一应俱全。', labels: ['少林', '练功服', '护具'] },
  { phone: '13800000204', name: '佛山咏春木人桩', city: '佛山', intro: '手工制作咏春木人桩和练功器材，支持定制。', labels: ['咏春拳', '木人桩'] },
  { phone: '13800000205', name: '搏击护具旗舰店', city: '上海', intro: '散打、拳击护具专卖，拳套、护头、护腿、沙袋全系列。', labels: ['散打', '拳击', '护具'] },
  { phone: '13800000206', name: '太极养生馆', city: '杭州', intro: '太极服、太极扇和养生书籍，适合中老年太极爱好者。', labels: ['太极拳', '太极扇', '养生'] },
  { phone: '13800000207', name: '功夫鞋坊', city: '天津', intro: '传统千层底功夫鞋、武术比赛鞋，舒适耐磨。', labels: ['功夫鞋', '千层底'] },
  { phone: '13800000208', name: '武术书局', city: '北京', intro: '武术经典著作、拳谱和教学光盘，正版图书。', labels: ['拳谱', '武术书籍'] },
  { phone: '13800000209', name: '沧州兵器坊', city: '沧州', intro: '传统兵器锻造，刀、剑、枪、大刀等练习与表演器械。', labels: ['兵器', '刀剑'] },
];

export const LABELS = ['太极拳', '咏春拳', '散打', '少林拳', '八极拳', '形意拳', '截拳道', '八卦掌', '基本功', '防身术', '养生', '少儿'];

/** Course titles per style; each coach gets the ones of their styles. */
export const COURSE_TITLES: Record<string, string[]> = {
  太极拳: ['二十四式太极拳零基础入门', '陈式太极拳老架一路精讲', '太极推手基础训练', '四十二式太极拳分解教学', '杨式太极拳八十五式', '太极拳站桩与呼吸'],
  八卦掌: ['八卦掌走转基本功', '程派八卦掌八大掌', '八卦掌单换掌与双换掌'],
  咏春拳: ['咏春小念头完整教学', '咏春寻桥与黐手入门', '咏春木人桩法', '咏春标指'],
  散打: ['散打步法与拳法组合', '散打腿法专项训练', '散打体能强化 30 天', '散打摔法入门'],
  防身术: ['女子实用防身术', '街头自卫十招', '防身术：擒拿基础'],
  少林拳: ['少林小洪拳', '少林罗汉拳入门', '少林棍法基础', '少林童子功'],
  基本功: ['武术基本功：腿功与腰功', '马步站桩 21 天打卡', '武术柔韧训练'],
  八极拳: ['八极拳小架', '八极拳六大开', '八极拳单打与对练'],
  形意拳: ['形意五行拳', '三体式站桩精讲', '形意十二形'],
  养生: ['太极养生功', '办公室养生形意操'],
  截拳道: ['截拳道基础与寸拳', '截拳道反应训练', '截拳道踢法'],
  少儿: ['少儿武术启蒙', '少儿五步拳', '少儿武术体能游戏'],
};

/** Lesson titles for a course of a given level (the seeder adds the course's own topic). */
export const LESSON_PLAN = ['课程介绍与热身', '基本手型与步型', '核心动作分解（上）', '核心动作分解（下）', '完整演练与要领', '常见错误与纠正'];

export interface SeedClass {
  coach: number;
  title: string;
  style: string;
  city: string;
  venue: string;
  address: string;
  schedule: string;
  /** Days from today to the first session. */
  startsIn: number;
  weeks: number;
  capacity: number;
  price: number;
}

export const CLASSES: SeedClass[] = [
  { coach: 0, title: '周末太极拳入门班', style: '太极拳', city: '北京', venue: '朝阳公园武术馆', address: '北京市朝阳区朝阳公园南路1号', schedule: '每周六 8:30-10:30', startsIn: 5, weeks: 8, capacity: 20, price: 128000 },
  { coach: 0, title: '太极推手提高班', style: '太极拳', city: '北京', venue: '海淀太极会馆', address: '北京市海淀区学院路30号', schedule: '每周三 19:00-21:00', startsIn: 12, weeks: 6, capacity: 12, price: 168000 },
  { coach: 1, title: '咏春拳成人基础班', style: '咏春拳', city: '佛山', venue: '佛山咏春拳馆', address: '广东省佛山市禅城区祖庙路21号', schedule: '每周二、四 19:30-21:00', startsIn: 3, weeks: 10, capacity: 16, price: 198000 },
  { coach: 2, title: '散打零基础速成班', style: '散打', city: '上海', venue: '静安搏击训练中心', address: '上海市静安区江宁路188号', schedule: '每周一、三、五 19:00-20:30', startsIn: 7, weeks: 4, capacity: 15, price: 99000 },
  { coach: 2, title: '青少年散打暑期集训', style: '散打', city: '上海', venue: '静安搏击训练中心', address: '上海市静安区江宁路188号', schedule: '每天 9:00-11:30', startsIn: 30, weeks: 3, capacity: 24, price: 258000 },
  { coach: 3, title: '少林拳基本功集训营', style: '少林拳', city: '郑州', venue: '少林武术馆郑州分馆', address: '河南省郑州市金水区文化路99号', schedule: '每周六、日 9:00-12:00', startsIn: 9, weeks: 6, capacity: 30, price: 150000 },
  { coach: 4, title: '八极拳小架研修班', style: '八极拳', city: '沧州', venue: '沧州武术学校', address: '河北省沧州市运河区解放路66号', schedule: '每周日 14:00-17:00', startsIn: 14, weeks: 8, capacity: 10, price: 220000 },
  { coach: 5, title: '形意拳三体式站桩班', style: '形意拳', city: '天津', venue: '南开形意拳社', address: '天津市南开区鞍山西道112号', schedule: '每周二、五 7:00-8:30', startsIn: 4, weeks: 8, capacity: 15, price: 96000 },
  { coach: 6, title: '截拳道实战防身班', style: '截拳道', city: '深圳', venue: '南山格斗工作室', address: '广东省深圳市南山区科技园南路8号', schedule: '每周四 19:30-21:30', startsIn: 6, weeks: 6, capacity: 12, price: 180000 },
  { coach: 7, title: '中老年二十四式太极拳班', style: '太极拳', city: '杭州', venue: '西湖文化广场', address: '浙江省杭州市下城区中山北路580号', schedule: '每周一、三、五 7:00-8:00', startsIn: 2, weeks: 12, capacity: 40, price: 60000 },
  { coach: 8, title: '少儿武术启蒙班（5-8岁）', style: '少儿', city: '成都', venue: '锦江少儿武术馆', address: '四川省成都市锦江区东大街200号', schedule: '每周六 10:00-11:30', startsIn: 8, weeks: 12, capacity: 18, price: 168000 },
  { coach: 8, title: '少儿五步拳周末班', style: '少儿', city: '成都', venue: '锦江少儿武术馆', address: '四川省成都市锦江区东大街200号', schedule: '每周日 15:00-16:30', startsIn: 15, weeks: 8, capacity: 18, price: 98000 },
  { coach: 9, title: '八卦掌走转入门班', style: '八卦掌', city: '北京', venue: '天坛公园东门武术场', address: '北京市东城区天坛东路甲1号', schedule: '每周六 7:00-9:00', startsIn: 10, weeks: 8, capacity: 12, price: 120000 },
  { coach: 10, title: '女子咏春防身小班', style: '咏春拳', city: '广州', venue: '天河咏春拳馆', address: '广东省广州市天河区体育西路103号', schedule: '每周三 19:30-21:00', startsIn: 6, weeks: 6, capacity: 10, price: 138000 },
  { coach: 11, title: '武术体能与柔韧训练营', style: '基本功', city: '西安', venue: '雁塔运动中心', address: '陕西省西安市雁塔区小寨东路126号', schedule: '每周二、四、六 18:30-20:00', startsIn: 11, weeks: 4, capacity: 20, price: 88000 },
];

export const GOODS_CATEGORIES = ['练功服', '刀剑器械', '棍枪器械', '搏击护具', '功夫鞋', '书籍音像'];

export interface SeedGoodsFamily {
  category: string;
  shop: number;
  titles: string[];
  specNames: string[];
  specValues: string[][];
  /** Base price in fen; SKUs vary around it. */
  price: number;
}

/** Families of goods; each title becomes one goods with every combination of its spec values. */
export const GOODS_FAMILIES: SeedGoodsFamily[] = [
  { category: '练功服', shop: 0, titles: ['纯棉太极服 男女同款', '亚麻太极服 长袖套装', '真丝太极服 表演款', '武当道服 棉麻'], specNames: ['颜色', '尺码'], specValues: [['白色', '黑色', '月白'], ['S', 'M', 'L', 'XL']], price: 16800 },
  { category: '练功服', shop: 1, titles: ['少林练功服 短袖', '少林罗汉服 套装', '儿童武术服 长袖', '武术训练T恤 速干', '武术灯笼裤', '练功腰带 加宽'], specNames: ['颜色', '尺码'], specValues: [['黄色', '灰色'], ['120', '140', 'M', 'L', 'XL']], price: 8900 },
  { category: '刀剑器械', shop: 0, titles: ['太极剑 不锈钢 未开刃', '伸缩太极剑 晨练款', '木质太极剑 初学练习', '武当太极扇 双面'], specNames: ['长度'], specValues: [['65cm', '75cm', '80cm']], price: 12800 },
  { category: '刀剑器械', shop: 7, titles: ['传统南刀 表演款 未开刃', '龙泉剑 手工锻打 未开刃', '朴刀 练习款', '武术双刀 套装'], specNames: ['长度'], specValues: [['70cm', '80cm']], price: 32800 },
  { category: '棍枪器械', shop: 1, titles: ['白蜡杆 齐眉棍', '少林棍 红木', '双节棍 练习款', '红缨枪 白蜡杆', '梢子棍', '三节棍'], specNames: ['长度'], specValues: [['1.5m', '1.8m', '2.0m']], price: 6800 },
  { category: '棍枪器械', shop: 2, titles: ['咏春木人桩 家用款', '咏春八斩刀 练习木刀', '咏春六点半棍', '手靶 双只装'], specNames: ['规格'], specValues: [['标准', '加厚']], price: 58800 },
  { category: '搏击护具', shop: 3, titles: ['散打拳套 比赛款', '拳击绑带 4.5 米', '护头 全包式', '护腿 护脚背', '护齿 双层', '立式沙袋 家用'], specNames: ['颜色', '规格'], specValues: [['红色', '蓝色', '黑色'], ['10oz', '12oz']], price: 15800 },
  { category: '功夫鞋', shop: 5, titles: ['千层底功夫鞋', '牛筋底太极鞋', '武术比赛鞋 轻便', '儿童练功鞋', '高帮训练鞋', '防滑室内武术鞋'], specNames: ['尺码'], specValues: [['36', '38', '40', '42', '44']], price: 6900 },
  { category: '功夫鞋', shop: 4, titles: ['真皮太极鞋 软底', '透气网面晨练鞋'], specNames: ['尺码'], specValues: [['36', '38', '40', '42']], price: 12900 },
  { category: '书籍音像', shop: 6, titles: ['《陈式太极拳图解》', '《咏春拳理与实践》', '《少林拳谱精选》', '《八极拳学》', '《形意拳术讲义》', '《散打训练教程》', '《武术基本功》', '《太极拳养生之道》', '《八卦掌入门》', '《截拳道之道》'], specNames: ['版本'], specValues: [['平装', '精装']], price: 4800 },
  { category: '书籍音像', shop: 4, titles: ['太极拳教学光盘 全 6 碟', '太极音乐 晨练版'], specNames: ['版本'], specValues: [['标准版']], price: 3800 },
  { category: '练功服', shop: 4, titles: ['太极披风 秋冬款', '晨练太极服 加绒'], specNames: ['颜色', '尺码'], specValues: [['白色', '红色'], ['M', 'L', 'XL']], price: 22800 },
  { category: '搏击护具', shop: 3, titles: ['MMA 分指手套', '护裆 男款'], specNames: ['规格'], specValues: [['M', 'L']], price: 9900 },
  { category: '刀剑器械', shop: 7, titles: ['关公大刀 表演款', '九节鞭 不锈钢'], specNames: ['规格'], specValues: [['标准']], price: 26800 },
];
