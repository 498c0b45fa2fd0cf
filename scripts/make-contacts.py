#!/usr/bin/env python3
# Generates Assets/Contacts/people.csv: 2,400 fictional people (given,family,phone) with names in ten scripts,
# reproducibly (fixed seed, no input files). The name lists below were written for ScrollKit (common given and
# family names of each culture, public knowledge, no copyrightable selection taken from a source): CC0 1.0.
# Phone numbers are fictional: ranges reserved for drama where a country has one (US/Canada 555-01xx,
# UK 07700 900xxx, Australia 0491 570xxx, France 01 99 00 xx xx), elsewhere a 555 block in the local format.
# Usage: python3 scripts/make-contacts.py [output]   (default Assets/Contacts/people.csv)
import csv, random, sys, os

SEED = 20261127
PER_CULTURE = {}

# culture: (given names, family names, phone maker, how many people)
CULTURES = {
    "en": ("James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara Richard Susan "
           "Joseph Jessica Thomas Sarah Charles Karen Daniel Nancy Matthew Lisa Anthony Betty Mark Emily Paul Anna",
           "Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore Martin Jackson "
           "Thompson White Harris Clark Lewis Robinson Walker Young Allen King Wright Scott Green Baker Adams "
           "Nelson Hill Campbell Mitchell Roberts Carter Phillips Evans Turner Parker Collins Edwards Stewart "
           "Morris Murphy Cook Rogers Morgan Cooper Peterson Bailey Reed Kelly Howard Quinn Ortiz Vance Underwood "
           "Young Zimmerman Ingram Xavier Yates", "us", 420),
    "es": ("José María Jesús Lucía Andrés Sofía Martín Inés Íñigo Ángela Raúl Pilar Ramón Begoña Joaquín "
           "Verónica Álvaro Mónica Germán Débora Adrián Núria Sebastián Belén",
           "García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Martín Jiménez Ruiz "
           "Hernández Díaz Muñoz Álvarez Romero Alonso Gutiérrez Navarro Domínguez Vázquez Ibáñez Núñez Peña "
           "Cortés Ordóñez Suárez", "es", 240),
    "fr": ("Amélie Hélène Élodie Léa Chloé Zoé Noémie Céline Jérôme Frédéric Stéphane Rémi François Gaël "
           "Benoît Loïc Mathéo Théo Anaïs Joël",
           "Lefèvre Lefebvre Mercier Dupré Béranger Châtelain Févre Brûlé Garçon Rivière Ménard Leroy Moreau "
           "Girard Bonnet Dubois Faure André Rousseau Chevalier Gauthier Perrin Étienne Écuyer", "fr", 180),
    "de": ("Jürgen Jörg Björn Günther Uwe Käthe Jörn Sönke Ömer Lena Lukas Sophie Maximilian Hannah Felix "
           "Jonas Marie Mia Paul Leonie",
           "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schäfer Koch Bauer Richter Klein Wolf "
           "Schröder Neumann Schwarz Zimmermann Krüger Hofmann Hartmann Böhm Köhler Jäger Özdemir", "de", 170),
    "pl": ("Łukasz Paweł Michał Małgorzata Agnieszka Katarzyna Zofia Wojciech Grzegorz Jakub Żaneta Józef "
           "Bartłomiej Kamil Anna Magdalena",
           "Nowak Kowalski Wiśniewski Wójcik Kowalczyk Kamiński Lewandowski Zieliński Szymański Woźniak "
           "Dąbrowski Kozłowski Jankowski Mazur Kwiatkowski Krawczyk Piotrowski Grabowski Żak Ściborek", "pl", 120),
    "cs": ("Jiří Jan Petr Tomáš Lucie Tereza Markéta Věra Zdeněk Radek Kateřina Barbora",
           "Novák Svoboda Novotný Dvořák Černý Procházka Kučera Veselý Horák Němec Pokorný Růžička Šťastný",
           "cz", 80),
    "vi": ("Anh Bảo Châu Dũng Giang Hà Hải Hương Khánh Linh Minh Ngọc Phương Quân Thảo Trâm Tuấn Việt",
           "Nguyễn Trần Lê Phạm Hoàng Huỳnh Phan Vũ Võ Đặng Bùi Đỗ Hồ Ngô Dương Lý", "vn", 100),
    "ru": ("Александр Алексей Анна Мария Дмитрий Елена Иван Наталья Сергей Ольга Михаил Татьяна Андрей "
           "Юлия Николай Ксения Пётр Лев Фёдор Светлана",
           "Иванов Смирнов Кузнецов Попов Васильев Петров Соколов Михайлов Новиков Фёдоров Морозов Волков "
           "Алексеев Лебедев Семёнов Егоров Павлов Козлов Степанов Николаев Орлов Андреев Макаров Зайцев "
           "Яковлев Широков Чернов Белов", "ru", 200),
    "el": ("Άννα Μαρία Ελένη Κατερίνα Γιώργος Δημήτρης Νίκος Γιάννης Κώστας Σοφία Ειρήνη Παναγιώτης "
           "Βασίλης Χρήστος Αθηνά Δέσποινα Θοδωρής Ζωή",
           "Παπαδόπουλος Γεωργίου Οικονόμου Νικολάου Παπαγεωργίου Βασιλείου Δημητρίου Ιωάννου Αντωνίου "
           "Κωνσταντίνου Μακρής Αλεξίου Χατζής Ζαχαρίου Θεοδώρου Λαμπράκης Σταύρου Ραφαηλίδης Τσακίρης "
           "Ψαρράς Φωτίου Ξανθός Ευαγγέλου", "gr", 170),
    "ar": ("محمد أحمد علي عمر يوسف خالد فاطمة عائشة مريم زينب ليلى سارة نور حسن إبراهيم سلمى رانيا طارق",
           "الحسن العلي حداد خوري منصور صالح عبدالله إبراهيم يوسف ناصر حمدان الشامي سعيد عيسى قاسم بكري "
           "جبران طه فرح الخطيب", "eg", 200),
    "he": ("נועה תמר מאיה יעל שירה אביגיל דוד יוסף משה אורי נועם איתי דניאל רונית אליהו שרה",
           "כהן לוי מזרחי פרץ ביטון דהן אברהם פרידמן אזולאי מלכה חדד גבאי שפירא רוזנברג קליין אוחיון",
           "il", 160),
    "hi": ("आरव विवान आदित्य अर्जुन साई अनन्या दिया प्रिया सान्वी कविता राहुल अमित सुनीता पूजा रोहन नेहा",
           "शर्मा वर्मा गुप्ता सिंह कुमार पटेल जोशी मेहता अग्रवाल मिश्रा यादव चौहान त्रिपाठी दुबे राठौर कपूर",
           "in", 160),
    "zh": ("伟 芳 娜 秀英 敏 静 丽 强 磊 军 洋 勇 艳 杰 娟 涛 明 超 秀兰 霞",
           "王 李 张 刘 陈 杨 黄 赵 吴 周 徐 孙 马 朱 胡 郭 何 高 林 罗", "cn", 160),
    "ja": ("翔太 陽菜 蓮 結衣 大翔 葵 悠真 凛 湊 さくら 健太 美咲 拓海 花子 太郎 恵",
           "佐藤 鈴木 高橋 田中 伊藤 渡辺 山本 中村 小林 加藤 吉田 山田 佐々木 山口 松本 井上 木村 清水",
           "jp", 160),
    "ko": ("민준 서연 도윤 서윤 하준 지우 시우 하은 지호 수아 예준 지민 현우 유진",
           "김 이 박 최 정 강 조 윤 장 임 한 오 서 신 권 황 안 송 홍", "kr", 160),
    "th": ("สมชาย สมศรี ประเสริฐ มาลี วิชัย สุดา อนุชา กาญจนา ธนากร ปิยะ นภา ศิริพร ณัฐ อรทัย",
           "สุขสวัสดิ์ วงศ์สวัสดิ์ ศรีสุข แก้วมณี ทองดี บุญมา เจริญผล ใจดี แสงทอง รัตนพันธ์ พรหมมา อินทร์แก้ว "
           "เพชรรัตน์ ไชยวงศ์", "th", 140),
}


def phone(rng, country):
    d = lambda n: "".join(str(rng.randrange(10)) for _ in range(n))
    if country == "us":
        return f"+1 {rng.choice(['201', '212', '312', '415', '617', '718', '905'])} 555 01{d(2)}"
    if country == "es":
        return f"+34 555 {d(3)} {d(3)}"
    if country == "fr":
        return f"+33 1 99 00 {d(2)} {d(2)}"
    if country == "de":
        return f"+49 30 555 {d(4)}"
    if country == "pl":
        return f"+48 555 {d(3)} {d(3)}"
    if country == "cz":
        return f"+420 555 {d(3)} {d(3)}"
    if country == "vn":
        return f"+84 555 {d(3)} {d(3)}"
    if country == "ru":
        return f"+7 495 555-{d(2)}-{d(2)}"
    if country == "gr":
        return f"+30 21 0555 {d(4)}"
    if country == "eg":
        return f"+20 2 555 {d(4)}"
    if country == "il":
        return f"+972 3-555-{d(4)}"
    if country == "in":
        return f"+91 555 {d(3)} {d(4)}"
    if country == "cn":
        return f"+86 10 555 {d(4)}"
    if country == "jp":
        return f"+81 3-555-{d(4)}"
    if country == "kr":
        return f"+82 2-555-{d(4)}"
    if country == "th":
        return f"+66 2 555 {d(4)}"
    if country == "uk":
        return f"+44 7700 900{d(3)}"
    return f"+61 491 570 {d(3)}"


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "Assets", "Contacts", "people.csv")
    rng = random.Random(SEED)
    people = []
    for key, (given, family, country, count) in CULTURES.items():
        g, f = given.split(), family.split()
        seen = set()
        while len([p for p in people if p[3] == key]) < count:
            pair = (rng.choice(g), rng.choice(f))
            if pair in seen and len(seen) < len(g) * len(f):
                continue
            seen.add(pair)
            c = country
            if key == "en":
                c = rng.choice(["us", "us", "uk", "au"])
            people.append((pair[0], pair[1], phone(rng, c), key))
    rng.shuffle(people)
    with open(out, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["given", "family", "phone"])
        for p in people:
            w.writerow(p[:3])
    print(f"{len(people)} people -> {out}")


if __name__ == "__main__":
    main()
