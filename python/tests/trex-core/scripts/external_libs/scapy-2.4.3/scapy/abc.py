from config import conf
